# The reader's language beyond --help and the coach: usage errors, the
# drill's questions and feedback, the reports of analyse, puzzle, pgn and
# epd, and the page's words around a picture and the trainer are said in
# Vietnamese with --lang vi (or ?lang=vi); each check fails when the
# catalog lacks the translation. English stays as it was.
source "$(dirname "$0")/lib/common.bash" "$1"
ROOT=$(cd "$(dirname "$0")/../.." && pwd)

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

step "read failures, and the C library's own words in them, in Vietnamese"
fk --lang vi puzzle check "$TMP/none.csv"
expect_rc 1
err_has "fenkit puzzle: không đọc được $TMP/none.csv: "
# strerror's sentence, Vietnamese where the C library has it, is never
# squeezed into ASCII ("Kh?ng c? t?p tin")
! grep -q '?' "$TMP/err" || fail "strerror's words lost their letters"

step "scan, render, book and perft say their own failures and notes in Vietnamese"
DATA="${FENKIT_TEST_DATA:-$(dirname "$0")/../data}"
fk --lang vi scan "$TMP/none.png"
expect_rc 1
err_has "fenkit scan: $TMP/none.png: không có tệp này"
fk --lang vi scan --json "$TMP/none.png"
out_has '"error":"no such file"'
fk --lang vi render "$SHORT_RANK" -o "$TMP/x.svg"
expect_rc 1
err_has "fenkit render: trường vị trí quân: Hàng 1 có 7 ô, cần đúng 8 ô."
fk --lang vi book "$DATA/book/small.bin" '8/8/8/4k3/8/4K3/4P3/8 b - - 0 1'
expect_rc 1
err_has "không có nước nào cho thế cờ này (khóa "
fk --lang vi perft --time startpos 2
err_has "thời gian "
err_has " nút/giây"
fk render "$SHORT_RANK" -o "$TMP/x.svg"
err_has "fenkit render: placement: Rank 1 has 7 squares, needs 8."

step "English usage errors stay as they were"
fk show --frob "$START"
expect_rc 2
err_has "fenkit show: unknown option '--frob'"
err_has "(see 'fenkit show --help')"
fk perft "$START" x
err_has "fenkit perft: 'x' is not a depth (0 to 64)"

step "the drill asks in Vietnamese and takes answers in Vietnamese, any case, or English"
# seed 5 on the starting position asks: the c1-h6 diagonal (open), h4's
# colour, the placement of a drawn board, h3 attacked by Black, e1's man,
# h8's man
fk_in 'CÓ\ntối\nx\nno\nvua trắng\nempty\n' --lang vi drill --count 6 --seed 5 startpos
expect_rc 1
out_has "Câu hỏi 1/6 (4 quân):"
out_has "Đường chéo c1-h6 có thông không? (có hoặc không: không quân nào đứng giữa hai ô)"
out_has "  đúng: có"
out_has "Ô h4 màu gì: sáng hay tối?"
out_has "  đúng: tối"
out_has "Gõ phần xếp quân của bàn cờ này (trường đầu tiên của FEN, hàng 8 trước)."
out_has "  chưa đúng: 1n2k3/8/8/8/8/8/7P/4K3 (bạn trả lời \"x\")"
out_has "  các hàng 8, 7, 6, 5, 4, 3, 2, 1 khác"
out_has "  fenkit check nói:"
out_has "Đen có tấn công h3 không? (có hoặc không)"
out_has "  đúng: không"
out_has "  đúng: Vua Trắng"
out_has "  đúng: trống"
out_has "đúng 5/6 câu, trung bình"
out_lacks "right"
fk_in 'e4\n' --lang vi drill --kind attacks --count 1 --seed 8 startpos
out_has "Tượng Trắng ở f1 tấn công những ô nào? (tất cả, theo thứ tự bất kỳ)"
out_has "  chưa đúng: e2 g2 d3 h3 c4 b5 a6 (bạn trả lời \"e4\")"
fk_in 'd1\n' --lang vi drill --kind where --count 1 --seed 6 startpos
expect_rc 0
out_has "Hậu Trắng ở ô nào?"
out_has "  đúng: d1"
fk_in 'x\n' --lang vi drill --count 2 --seed 1 --list startpos
out_has "  Trắng: "
out_has "(đầu vào đã hết sau câu 1)"
fk_in 'yes\ndark\n1n2k3/8/8/8/8/8/7P/4K3\n' drill --count 3 --seed 5 startpos
expect_rc 0
out_has "Is the c1-h6 diagonal open? (yes or no: no man stands between the two)"
out_has "  right: dark"
out_has "Type the placement of this board (the first field of its FEN, rank 8 first)."
out_has "3 of 3 right, "

step "analyse's text answer, in Vietnamese, with its labels in one column"
FAKE="${FENKIT_TEST_DATA:-$(dirname "$0")/../data}/engine/fake-engine"
FAKE_ENGINE_MODE=good fk --lang vi analyse --engine "$FAKE" startpos
expect_rc 0
out_has "Thế cờ         rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
out_has "Đánh giá       +0.31 theo phía Trắng; +0.31 cho Trắng, bên đang đi"
out_has "Kết luận       hòa (thắng là từ +1.50 trở lên, hoặc chiếu hết)"
out_has "Nước tốt nhất  1. e4"
out_has "Các biến        1    +0.31  độ sâu 1/2  1. e4 e5 2. Nf3"
out_has "                2    <=#-3  độ sâu 2/0  1. d4"
out_has "Đã tính        20 nút trong 0.020 giây"
FAKE_ENGINE_MODE=good fk analyse --engine "$FAKE" startpos
out_has "Evaluation  +0.31 from White's view; +0.31 for White, to move"
out_has "Lines        1    +0.31  depth 1/2  1. e4 e5 2. Nf3"
out_has "Searched    20 nodes in 0.020 s (1 kn/s)"
fk --lang vi analyse '7k/6Q1/6K1/8/8/8/8/8 b - - 0 1'
expect_rc 0
out_has "Chiếu hết: Đen bị chiếu hết, Trắng thắng. Không cần hỏi engine."
fk --lang vi analyse '7k/6Q1/6K1/8/8/8/8/8 w - - 0 1'
expect_rc 1
err_has "không phân tích được '7k/6Q1/6K1/8/8/8/8/8 w - - 0 1': không ván cờ nào đi tới được thế cờ này"
err_has "Vua Đen ở h8 đang bị Hậu ở g7 chiếu"
err_has "    sửa: "
# --sanity's sentence, with Stockfish where it is installed
if [ -x /usr/games/stockfish ] || command -v stockfish >/dev/null; then
    fk --lang vi analyse --sanity --nodes 50000 '8/8/8/4k3/8/4K3/4P3/8 b - - 0 1'
    expect_rc 0
    out_has "Kiểm tra       Với Đen đi thì Trắng thắng (+7.50); với Trắng đi thì hòa"
    out_has "Hãy kiểm tra trường bên đi (trường thứ 2)."
fi
# JSON keeps its words: an error's text, the status and the verdict
fk --lang vi analyse --json '7k/6Q1/6K1/8/8/8/8/8 b - - 0 1'
out_has '"status":"checkmate"'

step "puzzle check's problems and summary, in Vietnamese"
PUZZLES="${FENKIT_TEST_DATA:-$(dirname "$0")/../data}/puzzles"
fk --lang vi puzzle check "$PUZZLES/bad.csv"
expect_rc 1
out_has "bad.csv:3: bài fkBadFen: FEN: Hàng 1 có 7 ô, cần đúng 8 ô. [rank-length]"
out_has "bài fkShort: ít hơn 3 cột: một bài cần PuzzleId,FEN,Moves"
out_has "bài fkRating: cột Rating 'high' không phải là một số nguyên"
out_has "đã kiểm tra 9 bài: 3 bài tốt, 6 bài có vấn đề"
if [ -x /usr/games/stockfish ] || command -v stockfish >/dev/null; then
    fk --lang vi puzzle make --nodes 2000 "$PUZZLES/games.pgn"
    err_has "games.pgn: ván 2: 2 nước trước chỗ đó vẫn được tìm"
    err_has "đã tạo 5 bài từ 6 ván"
fi
fk puzzle check "$PUZZLES/bad.csv"
out_has "bad.csv:3: puzzle fkBadFen: the FEN: Rank 1 has 7 squares, needs 8. [rank-length]"
out_has "9 puzzles checked: 3 good, 6 with problems"

step "pgn's notes and summary, and epd's refusals, in Vietnamese"
PGN="${FENKIT_TEST_DATA:-$(dirname "$0")/../data}/pgn/games1k_first200.pgn"
fk --lang vi pgn --ply 250 "$PGN"
expect_rc 1
err_has "ván 200: không có nửa nước 250: ván cờ chỉ có 67 nửa nước"
err_has "fenkit pgn: 200 ván, 20576 thế cờ, 0 ván có lỗi, 199 ván không có thế cờ được hỏi"
fk pgn --ply 250 "$PGN"
err_has "game 200: no ply 250: the game has 67 plies"
err_has "fenkit pgn: 200 games, 20576 positions, 0 with errors, 199 without the position asked for"
fk_in '1. e4 {best} e5!? (1... c5 $1) 2. Nf3 *\n' --lang vi pgn --write --strip
out_has "1. e4 e5 2. Nf3 *"
err_has "fenkit pgn: lưu ý: -: ván 1: 1 lời bình, 2 ký hiệu đánh giá và 1 biến đã bị bỏ (--strip)"
fk_in 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN w KQkq - bm e4;\n' --lang vi epd
expect_rc 1
err_has "fenkit epd: -:1: Hàng 1 có 7 ô, cần đúng 8 ô."

step "every word the page looks up is a catalog message of GET /api/messages"
# t('...'), tf('...'), count(n, '...', '...'), t(c ? '...' : '...') and
# data-msg="..." in web/: a word missing from src/server/api_messages.c
# would stay English whatever the language
python3 - "$ROOT" <<'PY' || fail "the page looks up words the server does not send"
import glob, re, sys
root = sys.argv[1]
c = open(f"{root}/src/server/api_messages.c", encoding="utf-8").read()
listed = set()
for m in re.finditer(r'N_\(((?:\s*"(?:[^"\\]|\\.)*")+)\)', c):
    listed.add("".join(re.findall(r'"((?:[^"\\]|\\.)*)"', m.group(1))))
q = r"'((?:[^'\\]|\\.)*)'"
wanted = []
for path in sorted(glob.glob(f"{root}/web/*.js")) + [f"{root}/web/index.html"]:
    text = open(path, encoding="utf-8").read()
    wanted += re.findall(r"\btf?\(\s*" + q, text)
    wanted += [w for pair in re.findall(r"\bcount\([^,()]+,\s*" + q + r",\s*" + q, text) for w in pair]
    wanted += [w for pair in re.findall(r"\btf?\([^'()?]*\?\s*" + q + r"\s*:\s*" + q, text) for w in pair]
    wanted += re.findall(r'data-msg="([^"]*)"', text)
missing = sorted({w for w in wanted if w not in listed})
if len(wanted) < 80 or missing:
    sys.exit(f"{len(wanted)} words looked up; not in api_messages.c: {missing}")
PY

step "the page's words around a picture, the trainer and the engine, in Vietnamese"
command -v curl >/dev/null || fail "curl is missing: run scripts/install-deps test"
source "$(dirname "$0")/lib/serve.bash"
start_server
CODE=$(curl -s -o "$TMP/out" -w '%{http_code}' "$URL/api/messages?lang=vi")
[ "$CODE" = 200 ] || fail "GET /api/messages?lang=vi: HTTP $CODE"
json_check '
m = rows[0]["messages"]
for english, vietnamese in [
    ("Reading the picture…", "Đang đọc ảnh…"),
    ("{side} was taken to be at the bottom ({percent}% sure).", "{side} được coi là ở phía dưới (chắc chắn {percent}%)."),
    ("Black is to move: its king is in check.", "Đen đi: Vua Đen đang bị chiếu."),
    ("{n} squares are unsure, marked with dashes: check {squares} first.",
     "{n} ô chưa chắc chắn, được đánh dấu bằng nét đứt: hãy kiểm tra {squares} trước."),
    ("Goal: {goal}. {hint}", "Mục tiêu: {goal}. {hint}"),
    ("win with White", "thắng với quân Trắng"),
    ("Lucena: build a bridge", "Lucena: bắc cầu"),
    ("depth {n}, done", "độ sâu {n}, xong"),
    ("A draw can be claimed: {what}. The game goes on unless a player claims it.",
     "Có thể đòi hòa: {what}. Ván cờ tiếp tục trừ khi một bên đòi hòa."),
    ("You held it: the goal was to {goal}, and the game ended {result} by {reason}.",
     "Bạn đã làm được: mục tiêu là {goal}, và ván cờ kết thúc {result} do {reason}."),
]:
    assert m.get(english) == vietnamese, (english, m.get(english))
'
CODE=$(curl -s -o "$TMP/out" -w '%{http_code}' "$URL/api/messages?lang=en")
json_check 'm = rows[0]["messages"]; assert m["Reading the picture…"] == "Reading the picture…", m'
stop_server

pass
