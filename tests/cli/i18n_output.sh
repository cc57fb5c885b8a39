# The reader's language beyond --help and the coach: usage errors, the
# drill's questions and feedback, and the reports of analyse, puzzle, pgn
# and epd say their words in Vietnamese with --lang vi; each check fails
# when the catalog lacks the translation. English stays as it was.
source "$(dirname "$0")/lib/common.bash" "$1"

step "usage errors common to every command, in Vietnamese"
fk --lang vi show --frob "$START"
expect_rc 2
err_has "fenkit show: không có tùy chọn '--frob'"
err_has "(xem 'fenkit show --help')"
fk --lang vi perft "$START" x
expect_rc 2
err_has "fenkit perft: 'x' không phải là một độ sâu (từ 0 đến 64)"
fk --lang vi show --ep
expect_rc 2
err_has "fenkit show: --ep cần một giá trị"
fk --lang vi check --json=1 "$START"
expect_rc 2
err_has "fenkit check: --json không nhận giá trị"
fk --lang vi render -q
expect_rc 2
err_has "fenkit render: không có tùy chọn '-q'"
fk --lang vi frob
expect_rc 2
err_has "fenkit: 'frob' không phải là một lệnh"
fk --lang vi book "$START"
expect_rc 2
err_has "hãy cho một tệp sách khai cuộc và một FEN (hoặc 'startpos')"
LANG=vi_VN.UTF-8 LC_ALL= LANGUAGE= "$FENKIT" show --lang >"$TMP/out" 2>"$TMP/err"
grep -qF "fenkit: --lang cần một ngôn ngữ (en, vi)" "$TMP/err" ||
    fail "a --lang without its language was not said in LANG's language"

step "English usage errors stay as they were"
fk show --frob "$START"
expect_rc 2
err_has "fenkit show: unknown option '--frob'"
err_has "(see 'fenkit show --help')"
fk perft "$START" x
err_has "fenkit perft: 'x' is not a depth (0 to 64)"

pass
