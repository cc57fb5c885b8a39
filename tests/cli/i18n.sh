# The languages: every message of the sources has a translation in every
# catalog (po/*.po), no translation drops, adds or mistypes a placeholder,
# and the language is chosen by --lang or the environment.
source "$(dirname "$0")/lib/common.bash" "$1"
ROOT=$(cd "$(dirname "$0")/../.." && pwd)

command -v xgettext >/dev/null && command -v msgcmp >/dev/null ||
    fail "gettext is not installed (scripts/install-deps installs it)"

step "every catalog compiles and keeps every placeholder of its messages"
for po in "$ROOT"/po/*.po; do
    msgfmt --check --check-format -o /dev/null "$po" 2>"$TMP/err" || fail "$(basename "$po"): $(cat "$TMP/err")"
done

# the page's messages fill {name} places (app.js's tf): each translation
# keeps the same names, which msgfmt does not know to check
braces() {
    python3 - "$1" <<'PY'
import re, sys
text = open(sys.argv[1], encoding="utf-8").read()
bad = []
for block in text.split("\n\n"):
    parts = {}
    key = None
    for line in block.splitlines():
        m = re.match(r'(msgid|msgid_plural|msgstr(?:\[\d+\])?) "(.*)"$', line)
        if m:
            key = m.group(1)
            parts[key] = m.group(2)
        elif line.startswith('"') and key:
            parts[key] += line[1:-1]
    want = set(re.findall(r"\{(\w+)\}", parts.get("msgid", "")))
    for k, v in parts.items():
        if k.startswith("msgstr") and v and set(re.findall(r"\{(\w+)\}", v)) != want:
            bad.append(f"{parts['msgid']!r} -> {v!r}")
if bad:
    sys.exit("places {name} changed: " + "; ".join(bad))
PY
}
for po in "$ROOT"/po/*.po; do
    braces "$po" 2>"$TMP/err" || fail "$(basename "$po"): $(cat "$TMP/err")"
done

step "every message of the sources is translated in every catalog"
"$ROOT/scripts/update-po" --extract "$TMP/fresh.pot" 2>/dev/null || fail "xgettext failed"
[ "$(grep -c '^msgid ' "$TMP/fresh.pot")" -gt 100 ] || fail "too few messages extracted"
for po in "$ROOT"/po/*.po; do
    # untranslated and fuzzy entries count as missing
    msgcmp "$po" "$TMP/fresh.pot" 2>"$TMP/err" || fail "$(basename "$po") lacks translations: $(head -c 2000 "$TMP/err")"
done

step "the checks catch a dropped placeholder and a missing translation"
vi="$ROOT/po/vi.po"
# the rank's number left out of a translation
sed 's/^msgstr "%1\$s: hàng %2\$d trống"$/msgstr "%1$s: hàng trống"/' "$vi" >"$TMP/dropped.po"
! cmp -s "$vi" "$TMP/dropped.po" || fail "the test's edit did not apply to vi.po"
! msgfmt --check --check-format -o /dev/null "$TMP/dropped.po" 2>/dev/null ||
    fail "msgfmt accepted a translation without its placeholder"
# a %d where the message has a %s
sed 's/^msgstr "%1\$s: hàng %2\$d trống"$/msgstr "%1$d: hàng %2$d trống"/' "$vi" >"$TMP/retyped.po"
! msgfmt --check --check-format -o /dev/null "$TMP/retyped.po" 2>/dev/null ||
    fail "msgfmt accepted a placeholder of the wrong type"
# a translation emptied
sed 's/^msgstr "Nước đi:"$/msgstr ""/' "$vi" >"$TMP/untranslated.po"
! cmp -s "$vi" "$TMP/untranslated.po" || fail "the test's edit did not apply to vi.po"
! msgcmp "$TMP/untranslated.po" "$TMP/fresh.pot" 2>/dev/null ||
    fail "msgcmp accepted an untranslated message"

# a page message whose {side} was translated away
sed 's/^msgstr "Hợp lệ: {side} đi"$/msgstr "Hợp lệ: {ben} đi"/' "$vi" >"$TMP/braces.po"
! cmp -s "$vi" "$TMP/braces.po" || fail "the test's edit did not apply to vi.po"
! braces "$TMP/braces.po" 2>/dev/null || fail "a renamed {place} was accepted"

# a problem's sentence that lost the side it names
sed "s/^msgstr \"%1\\\$s có quyền nhập thành '%2\\\$s' nhưng lại không có Vua.\"$/msgstr \"Có quyền nhập thành '%2\$s' nhưng lại không có Vua.\"/" "$vi" >"$TMP/problem.po"
! cmp -s "$vi" "$TMP/problem.po" || fail "the test's edit of a problem's sentence did not apply to vi.po"
! msgfmt --check --check-format -o /dev/null "$TMP/problem.po" 2>/dev/null ||
    fail "msgfmt accepted a problem's sentence without its first placeholder"

step "check says its problems in Vietnamese, for people and in JSON; English stays the core's"
fk --lang vi check '4k3/8/8/8/8/8/8/R3K2R w KQkq e3 5 1'
expect_rc 1
out_has "không hợp lệ: 3 lỗi, 1 cảnh báo"
out_has "Quyền nhập thành 'q' cần một Xe Đen ở a8, nhưng ô đó đang trống."
out_has "sửa:   Bỏ 'q' khỏi trường quyền nhập thành"
out_has "[castling-without-rook]"
out_lacks "castling right"
out_lacks "fix:"
fk --lang vi check --json 'rnbqkbnr/pp1pppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1'
expect_rc 1
out_has '"code":"rank-length"'
out_has '"message":"Hàng 7 có 7 ô, cần đúng 8 ô."'
fk check --json 'rnbqkbnr/pp1pppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1'
out_has '"message":"Rank 7 has 7 squares, needs 8."'

step "check, explain and diff --help are read from the catalogs"
fk --lang vi check --help
expect_rc 0
out_has "Cách dùng: fenkit check"
out_has "fenkit check --json < positions.fen > report.jsonl"
out_lacks "Options:"
fk --lang vi explain --help
out_has "Tùy chọn:"
fk --lang vi diff --help
out_has "Mã thoát:"
fk check --help
out_has "Usage: fenkit check"

step "--lang vi, LANG=vi_VN.UTF-8 and LANGUAGE choose Vietnamese"
fk --lang vi explain "$START"
expect_rc 0
out_has "Vị trí quân, từng hàng:"
out_has "rnbqkbnr: hàng 8, các quân Đen vẫn ở nguyên vị trí ban đầu"
out_has "Bên đi: Trắng"
out_lacks "Side to move"
LANG=vi_VN.UTF-8 LC_ALL= LANGUAGE= "$FENKIT" diff "$START" "$E4" >"$TMP/out" 2>"$TMP/err"
grep -qF "Tốt Trắng đi từ e2 đến e4" "$TMP/out" || fail "LANG=vi_VN.UTF-8 did not choose Vietnamese"
LANG=C LC_ALL= LANGUAGE=vi "$FENKIT" diff "$START" "$E4" >"$TMP/out" 2>"$TMP/err"
grep -qF "Nước đi: 1.e4" "$TMP/out" || fail "LANGUAGE=vi did not choose Vietnamese"

step "--lang wins over the environment; an unknown language in LANG is English"
LANG=vi_VN.UTF-8 "$FENKIT" --lang en explain "$START" >"$TMP/out" 2>"$TMP/err"
grep -qF "Placement, rank by rank:" "$TMP/out" || fail "--lang en did not win over LANG"
LANG=xx_YY.UTF-8 LC_ALL= LANGUAGE= "$FENKIT" explain "$START" >"$TMP/out" 2>"$TMP/err"
grep -qF "Placement, rank by rank:" "$TMP/out" || fail "an unknown LANG did not fall back to English"
fk --lang=vi diff "$START" "$E4"
out_lacks "Moves:"
out_has "Nước đi: 1.e4"

step "an unknown --lang is a usage error that names the languages there are"
fk --lang xx explain "$START"
expect_rc 2
err_has "there are: en"
err_has "vi"
fk explain "$START" --lang
expect_rc 2

pass
