"""pytest tests of the fenkit package: run against the installed wheel."""
import pytest

import fenkit

START = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
E4_ALWAYS = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1"
E4_LEGAL = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1"


def test_the_package_loads_its_own_library():
    assert fenkit.library_version() == "0.1.0"
    assert fenkit.__version__ == fenkit.library_version()


def test_position_is_the_start_and_round_trips():
    pos = fenkit.Position()
    assert pos.fen() == START
    assert fenkit.Position.from_fen(START) == pos
    assert pos.turn == "w"
    assert repr(pos) == f"Position.from_fen('{START}')"


def test_en_passant_conventions():
    pos = fenkit.Position.from_fen(E4_ALWAYS)
    assert pos.fen() == E4_LEGAL
    assert pos.fen(ep="always") == E4_ALWAYS
    with pytest.raises(ValueError, match="legal' or 'always"):
        pos.fen(ep="sometimes")


def test_unreadable_fen_raises_with_every_problem():
    with pytest.raises(fenkit.FenError) as info:
        fenkit.Position.from_fen("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN w KQkq - 0 1 extra")
    codes = [p.code for p in info.value.problems]
    assert codes[0] == "rank-length"
    assert "extra-field" in codes
    first = info.value.problems[0]
    assert first.severity == "error" and first.field == "placement"
    assert "Rank 1" in str(info.value)
    assert isinstance(info.value, ValueError)


def test_tolerant_reading_fills_the_counters():
    pos = fenkit.Position.from_fen("8/8/8/4k3/8/8/8/4K3 w - -", tolerant=True)
    assert pos.fen() == "8/8/8/4k3/8/8/8/4K3 w - - 0 1"
    with pytest.raises(fenkit.FenError):
        fenkit.Position.from_fen("8/8/8/4k3/8/8/8/4K3 w - -")


def test_check_lists_rule_problems_with_squares():
    problems = fenkit.Position.from_fen("4k2P/8/8/8/8/8/8/4K3 w - - 0 1").check()
    assert [(p.code, p.severity, p.squares) for p in problems] == [("pawn-on-back-rank", "error", ["h8"])]
    assert problems[0].fix
    assert fenkit.Position.from_fen("4k3/8/8/8/8/8/8/4K3 w - - 0 1").check() == []


def test_legal_moves_and_pushing_them():
    pos = fenkit.Position()
    moves = pos.legal_moves()
    assert len(moves) == 20 and "e2e4" in moves and "g1f3" in moves
    assert pos.push_san("e4") == "e2e4"
    assert pos.push_uci("e7e5") == "e7e5"
    assert pos.push_san("Qh5") == "d1h5"
    for san in ["Nc6", "Bc4", "Nf6", "Qxf7#"]:
        pos.push_san(san)
    assert pos.status() == ["check", "checkmate"]
    assert pos.legal_moves() == []


def test_illegal_and_ambiguous_moves_raise():
    pos = fenkit.Position()
    with pytest.raises(fenkit.MoveError):
        pos.push_san("e5")
    with pytest.raises(fenkit.MoveError):
        pos.push_uci("e2e5")
    knights = fenkit.Position.from_fen("4k3/8/8/8/8/8/8/1N2KN2 w - - 0 1")
    with pytest.raises(fenkit.MoveError, match="ambiguous"):
        knights.push_san("Nd2")
    assert knights.fen() == "4k3/8/8/8/8/8/8/1N2KN2 w - - 0 1"  # nothing played


def test_copy_is_independent():
    pos = fenkit.Position()
    other = pos.copy()
    other.push_uci("d2d4")
    assert pos.fen() == START and other != pos


def test_normalize_many_in_one_call():
    fens = [START, "  8/8/8/4k3/8/8/8/4K3   w - -", "not a fen", "4k2P/8/8/8/8/8/8/4K3 w - - 0 1"]
    assert fenkit.normalize_many(fens, tolerant=True) == [
        START, "8/8/8/4k3/8/8/8/4K3 w - - 0 1", None, None]
    assert fenkit.normalize_many([E4_ALWAYS], ep="always") == [E4_ALWAYS]
    assert fenkit.normalize_many([]) == []
    with pytest.raises(TypeError):
        fenkit.normalize_many([1])


def _games_file(tmp_path):
    text = (
        '[Event "one"]\n[White "A"]\n[Black "B"]\n[Result "1-0"]\n\n'
        "1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0\n\n"
        '[Event "broken"]\n\n1. e4 e5 2. Ke3 *\n\n'
        '[Event "three"]\n[SetUp "1"]\n[FEN "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1"]\n\n1. e4 Kd7 *\n'
    )
    path = tmp_path / "games.pgn"
    path.write_text(text)
    return path


def test_read_pgn_games_headers_and_plies(tmp_path):
    games = list(fenkit.read_pgn(_games_file(tmp_path)))
    assert [g.number for g in games] == [1, 2, 3]
    first = games[0]
    assert first.headers == {"Event": "one", "White": "A", "Black": "B", "Result": "1-0"}
    plies = list(first.plies())
    assert plies[0] == fenkit.Ply("", "", START)
    assert [p.uci for p in plies[1:3]] == ["e2e4", "e7e5"]
    assert plies[-1].san == "Qxf7#" and plies[-1].uci == "h5f7"
    # every FEN is what playing the moves gives
    pos = fenkit.Position()
    for p in plies[1:]:
        assert pos.push_uci(p.uci) == p.uci
        assert pos.fen() == p.fen
    assert first.error is None


def test_read_pgn_keeps_going_after_a_broken_game(tmp_path):
    games = list(fenkit.read_pgn(str(_games_file(tmp_path))))
    broken = games[1]
    assert broken.error["move"] == "Ke3" and broken.error["line"] == 10
    assert [p.san for p in broken.plies()] == ["", "e4", "e5"]
    assert list(games[2].plies())[0].fen == "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1"


def test_read_pgn_from_a_compressed_file_object(tmp_path):
    import gzip

    plain = _games_file(tmp_path)
    packed = tmp_path / "games.pgn.gz"
    packed.write_bytes(gzip.compress(plain.read_bytes()))
    with gzip.open(packed) as f:
        from_gzip = fenkit.read_pgn(f).to_columns()
    assert from_gzip == fenkit.read_pgn(plain).to_columns()
    assert len(from_gzip["fen"]) == 8 + 3 + 3
    assert from_gzip["game"][:2] == [1, 1] and from_gzip["ply"][:3] == [0, 1, 2]
    assert len({len(column) for column in from_gzip.values()}) == 1


def test_read_pgn_errors(tmp_path):
    with pytest.raises(FileNotFoundError):
        fenkit.read_pgn(tmp_path / "missing.pgn")
    with open(_games_file(tmp_path), "r") as text_mode:
        with pytest.raises(TypeError, match="binary mode"):
            list(fenkit.read_pgn(text_mode))


def test_render_svg():
    svg = fenkit.render_svg(fenkit.Position(), size=240, flip=True, coords="inside")
    assert svg.startswith("<svg") and svg.rstrip().endswith("</svg>")
    assert 'width="240"' in svg
    assert fenkit.render_svg(START) == fenkit.render_svg(fenkit.Position())
    with pytest.raises(ValueError, match="coords"):
        fenkit.render_svg(START, coords="everywhere")
    with pytest.raises(ValueError, match="theme"):
        fenkit.render_svg(START, theme="no-such-theme")
    with pytest.raises(ValueError):
        fenkit.render_svg(START, size=4)


SCAN_DATA = __import__("pathlib").Path(__file__).resolve().parents[2] / "tests" / "data" / "scan"


def test_scan_reads_a_board_from_bytes_and_from_a_path():
    picture = SCAN_DATA / "condal-384.png"  # tests/data/README.md gives its position
    result = fenkit.scan(picture)
    assert result.fen.split(" ")[0] == "rn1qkb1r/2p1p1pp/bp3n2/3p4/PP3pP1/2P1P2N/3P1P1P/RNBQK2R"
    assert result.squares["e1"] == "K" and result.squares["a8"] == "r" and "e4" not in result.squares
    assert result.bottom == "white" and 0.5 <= result.bottom_confidence <= 1
    assert fenkit.scan(picture.read_bytes()) == result


def test_scan_refuses_what_is_no_picture():
    with pytest.raises(ValueError):
        fenkit.scan(b"not a picture at all")


SHUFFLE = ["Nf3", "Nf6", "Ng1", "Ng8"]


def test_judge_sees_repetitions_and_ends():
    start = fenkit.Position()
    once = fenkit.judge(start, SHUFFLE)
    assert once["repetition"] == 2 and once["claim"] is None and once["end"] is None
    twice = fenkit.judge(start, ["g1f3", "g8f6", "f3g1", "f6g8"] * 2)  # UCI works too
    assert twice["repetition"] == 3 and twice["claim"] == "threefold-repetition"
    assert twice["fen"] == START.replace(" 0 1", " 8 5")
    mate = fenkit.judge(start, ["f3", "e5", "g4", "Qh4#"])
    assert mate["end"] == "checkmate" and mate["result"] == "0-1" and mate["claim"] is None
    assert fenkit.judge(start)["result"] is None


def test_judge_claim_with_the_move_about_to_be_played():
    start = fenkit.Position()
    before = SHUFFLE + ["Nf3", "Nf6", "Ng1"]
    right = fenkit.judge_claim(start, before, move="Ng8")
    assert right["holds"] == "threefold-repetition" and right["repetition"] == 3
    wrong = fenkit.judge_claim(start, before, move="Nh5")
    assert wrong["holds"] is None and wrong["repetition"] == 1
    # on the position reached, before the third time, no claim holds
    assert fenkit.judge_claim(start, before)["holds"] is None
    quiet = fenkit.Position.from_fen("4k3/8/8/8/8/8/P7/R3K3 w - - 99 80")
    assert fenkit.judge_claim(quiet, [], move="Rb1")["holds"] == "fifty-move-rule"
    assert fenkit.judge_claim(quiet, [], move="a4")["holds"] is None


def test_judge_refuses_bad_moves_and_finished_games():
    start = fenkit.Position()
    with pytest.raises(fenkit.MoveError):
        fenkit.judge(start, ["e4", "e4"])
    with pytest.raises(fenkit.MoveError):
        fenkit.judge_claim(start, SHUFFLE, move="Ke2")
    with pytest.raises(fenkit.MoveError, match="game is over"):
        fenkit.judge_claim(start, ["f3", "e5", "g4", "Qh4#"])
    with pytest.raises(TypeError):
        fenkit.judge(START, SHUFFLE)
    with pytest.raises(TypeError, match="not one str"):
        fenkit.judge(start, "e4")
