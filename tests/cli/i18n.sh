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

step "every command's --help keeps its options and examples in every catalog"
# a translated help may reword everything but the option names and the
# example command lines, which the reader types as they are
help_keeps() {
    python3 - "$1" <<'PY'
import re, sys
text = open(sys.argv[1], encoding="utf-8").read()
bad, helps = [], 0
for block in text.split("\n\n"):
    parts, key = {}, None
    for line in block.splitlines():
        m = re.match(r'(msgid|msgstr) "(.*)"$', line)
        if m:
            key = m.group(1)
            parts[key] = m.group(2)
        elif line.startswith('"') and key:
            parts[key] += line[1:-1]
    mid, mstr = parts.get("msgid", ""), parts.get("msgstr", "")
    if not mid.startswith("Usage: fenkit ") or not mstr:
        continue
    name = mid.split()[2]
    helps += 1
    option = re.compile(r"(?<![\w-])--?[a-z][a-z0-9-]*")
    options = lambda t: sorted(option.findall(t.replace("\\n", "\n")))
    if options(mid) != options(mstr):
        bad.append(f"{name}: options {options(mid)} became {options(mstr)}")
    # an example's comment ("# then open ...") may be translated
    examples = lambda t: [l.split(" #")[0].rstrip() for l in t.split("\\n")
                          if l.startswith("  fenkit ")]
    if examples(mid) != examples(mstr):
        bad.append(f"{name}: examples changed")
if helps < 16:
    bad.append(f"only {helps} helps found")
if bad:
    sys.exit("; ".join(bad))
PY
}
for po in "$ROOT"/po/*.po; do
    help_keeps "$po" 2>"$TMP/err" || fail "$(basename "$po"): $(cat "$TMP/err")"
done
# the check catches an option dropped from a translated help
sed 's/^"  --flip        Đen ở phía dưới/"  Đen ở phía dưới/' "$vi" >"$TMP/option.po"
! cmp -s "$vi" "$TMP/option.po" || fail "the test's edit of show's help did not apply to vi.po"
! help_keeps "$TMP/option.po" 2>/dev/null || fail "a help without its --flip was accepted"

step "every command's --help, and fenkit's own, in Vietnamese"
for command in check explain diff show normalize render moves play perft book epd pgn serve scan \
    analyse puzzle; do
    fk --lang vi "$command" --help
    expect_rc 0
    out_has "Cách dùng: fenkit $command"
    out_has "Ví dụ:"
    out_has "Mã thoát:"
    out_lacks "Usage:"
    out_lacks "Examples:"
done
fk --lang vi help
out_has "Các lệnh:"
out_has "  show       vẽ bàn cờ trong terminal"
out_has "Mọi lệnh đều nhận --lang LANG (en, vi)"
fk help
out_has "  show       draw the board in the terminal"

step "show, play and moves speak Vietnamese; English stays as it was"
fk --lang vi show "$E4"
expect_rc 0
out_has "Đen đi | nhập thành KQkq | bắt tốt qua đường e3 | bộ đếm nửa nước 0 | nước 1"
fk show "$E4"
out_has "Black to move | castling KQkq | en passant e3 | halfmove clock 0 | move 1"
fk --lang vi show '4k2P/8/8/8/8/8/8/4K3 w - - 0 1'
expect_rc 1
out_has "('fenkit explain' cho biết cách sửa)"
fk --lang vi play startpos e4 e5 Ke3
expect_rc 1
err_has "fenkit play: nửa nước 3: Ke3 không hợp lệ ở thế cờ này; các nước hợp lệ: Ke2, Na3,"
fk --lang vi play --json startpos Qe3
out_has '"error":"Qe3 không hợp lệ ở thế cờ này; các nước hợp lệ: Na3, Nc3,'
fk --lang vi play '4k3/8/8/8/8/8/8/1N2KN2 w - - 0 1' Nd2
err_has "nửa nước 1: Nd2 không rõ là nước nào: Nbd2, Nfd2"
fk --lang vi play startpos 'N?3'
err_has "'N?3' không phải là một nước đi"
err_has "  các nước hợp lệ: Na3 Nc3"
fk --lang vi play startpos e4 undo undo
err_has "undo: không còn nước nào để lấy lại"
fk play startpos e4 e5 Ke3
err_has "fenkit play: ply 3: Ke3 is not legal here; legal moves: Ke2, Na3"
fk --lang vi moves '7k/6Q1/6K1/8/8/8/8/8 b - - 0 1'
out_has "(không còn nước đi hợp lệ: chiếu hết)"
fk --lang vi moves '7k/5Q2/6K1/8/8/8/8/8 b - - 0 1'
out_has "(không còn nước đi hợp lệ: hết nước, hòa)"

step "a FEN with other piece letters is recognised, named and given in FEN's letters"
GERMAN='tsldklst/bbbbbbbb/8/8/8/8/BBBBBBBB/TSLDKLST w - - 0 1'
fk check "$GERMAN"
expect_rc 1
out_has "The placement uses German piece letters (T, S, L, D, B); in FEN"
out_has "fix:   rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1"
fk --lang vi check "$GERMAN"
out_has "Vị trí quân dùng chữ cái quân cờ của tiếng Đức (T, S, L, D, B);"
fk check --json "$GERMAN"
out_has '"problems":[{"code":"nonstandard-notation","severity":"note","field":"placement","offset":0,"message":"The placement uses German piece letters'
out_has '"fix":"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1"'
fk check --json 'tcfdrfct/pppppppp/8/8/8/8/PPPPPPPP/TCFDRFCT w - - 0 1'
out_has "uses French piece letters (T, C, F, D, R); in FEN they are R, N, B, Q, K."
fk check --json 'xmthvtmx/pppppppp/8/8/8/8/PPPPPPPP/XMTHVTMX w - - 0 1'
out_has "uses Vietnamese piece letters (X, M, T, H, V); in FEN they are R, N, B, Q, K."
fk --lang vi explain '♜♞♝♛♚♝♞♜/♟♟♟♟♟♟♟♟/8/8/8/8/♙♙♙♙♙♙♙♙/♖♘♗♕♔♗♘♖ w KQkq - 0 1'
out_has "Vị trí quân được viết bằng hình quân cờ"
out_has "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
fk show --ascii "$GERMAN"
out_has "The placement uses German piece letters"
# a typo is no other notation: no note
fk check 'rnbqkbnr/ppppxppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1'
out_lacks "nonstandard-notation"

step "castling rights in an unusual order are said in the reader's language"
fk --lang vi check --tolerant '4k2r/8/8/8/8/8/8/4K2R w kK - 0 1'
out_has "Quyền nhập thành 'kK' thường được viết là 'Kk'."
out_has "Ghi Kk."
fk check --tolerant '4k2r/8/8/8/8/8/8/4K2R w kK - 0 1'
out_has "Castling rights 'kK' are usually written 'Kk'."

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
