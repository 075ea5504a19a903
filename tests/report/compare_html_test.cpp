// The comparison page (report::compare_html) on hand-built runs: one diagram per row when the runs share the
// position, one per rulebook when they do not, the last move's destination marked only where the diagram shows
// the mover's piece there, no diagram (and no error) for a game or position that cannot be drawn, and every
// piece of timeline or rulebook text escaped.
//
// Marked squares are checked by their SVG rectangle (html_board.cpp: squares of 40 units after a 22-unit margin,
// the mark inset by 2): column c, row r (row 0 = the top of the diagram) -> x = 22 + 40c + 2, y = 22 + 40r + 2.
#include "report/compare_report.h"

#include "core/game_files.h"

#include <boost/test/unit_test.hpp>

namespace compare_html_test {  // apart from the other files of a unity batch (tests/CMakeLists.txt)

using namespace arbiter;
using rulebook::Lang;

namespace {

// Position after 1.e4 (FIDE Laws, the FEN standard's own example).
const std::string AfterE4 = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1";
const std::string Start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

procedure::Timeline timeline_with(const std::vector<std::pair<std::string, std::string>>& entries, std::string name = "t") {
    procedure::Timeline t;
    t.name = std::move(name);
    t.file = "t.yaml";
    for (const auto& [action, value] : entries) {
        procedure::Entry e;
        e.action = action;
        e.value = YAML::Node(value);
        t.entries.push_back(e);
    }
    return t;
}

procedure::Run run_with(std::string rulebook, std::string game, int entry, std::string position, std::string article = "1.1") {
    procedure::Run run;
    run.rulebook = std::move(rulebook);
    try {  // the game's data, as the runner hands it to reports; a game with no data file has none
        run.definition = arbiter::core::load_game(game, std::string(ARBITER_SOURCE_DIR) + "/rulesets");
    } catch (const InputError&) {
    }
    run.game = std::move(game);
    procedure::Ruling r;
    r.entry = entry;
    r.topic = "move.illegal";
    r.article = std::move(article);
    r.position = std::move(position);
    r.summary = {"English summary", "日本語の要旨"};
    run.rulings.push_back(r);
    return run;
}

std::size_t count(const std::string& text, const std::string& part) {
    std::size_t n = 0;
    for (auto at = text.find(part); at != std::string::npos; at = text.find(part, at + part.size())) ++n;
    return n;
}

bool has(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

std::string mark_at(int x, int y) {
    return "<rect x=\"" + std::to_string(x) + "\" y=\"" + std::to_string(y) + "\" width=\"36\" height=\"36\" fill=\"none\" stroke=\"#d22\"";
}

}  // namespace

BOOST_AUTO_TEST_SUITE(the_comparison_page_draws_each_ruling_position)

BOOST_AUTO_TEST_CASE(one_diagram_per_row_when_the_rulebooks_share_the_position) {
    const auto t = timeline_with({{"move", "e4"}});
    const std::string html = report::compare_html(t, {run_with("a", "chess", 0, AfterE4), run_with("b", "chess", 0, AfterE4, "2.2")}, Lang::en);
    BOOST_TEST(html.rfind("<!DOCTYPE html>", 0) == 0);
    BOOST_TEST(count(html, "<svg") == 1u);
    // 1.e4: White's pawn on e4, column 4, row 8 - 4 = 4 -> (184, 184).
    BOOST_TEST(has(html, mark_at(184, 184)));
    // The articles differ but the effects (none) do not: not marked as a difference.
    BOOST_TEST(!has(html, "class=\"changed\""));
}

BOOST_AUTO_TEST_CASE(one_diagram_per_rulebook_when_positions_differ) {
    const auto t = timeline_with({{"move", "e4"}});
    const std::string html = report::compare_html(t, {run_with("a", "chess", 0, AfterE4), run_with("b", "chess", 0, Start)}, Lang::en);
    BOOST_TEST(count(html, "<svg") == 2u);
    // Only the first shows a white pawn on e4; in the start position (White to move, so Black moved last) e4 is empty.
    BOOST_TEST(count(html, "stroke=\"#d22\"") == 1u);
}

BOOST_AUTO_TEST_CASE(a_move_the_position_does_not_show_is_not_marked) {
    // An illegal Ke2 the core did not play: the start position, White still to move, no black king on e2.
    const auto t = timeline_with({{"move", "Ke2"}, {"claim", "x"}});
    const std::string html = report::compare_html(t, {run_with("a", "chess", 1, Start)}, Lang::en);
    BOOST_TEST(count(html, "<svg") == 1u);
    BOOST_TEST(!has(html, "stroke=\"#d22\""));
}

BOOST_AUTO_TEST_CASE(castling_and_promotion_mark_the_destination) {
    // 1.e4 e5 2.Nf3 Nc6 3.Bc4 Bc5 4.O-O: the king on g1 (column 6, row 7) -> (264, 304).
    const std::string castled = "r1bqk1nr/pppp1ppp/2n5/2b1p3/2B1P3/5N2/PPPP1PPP/RNBQ1RK1 b kq - 5 4";
    const std::string html = report::compare_html(timeline_with({{"move", "O-O"}}), {run_with("a", "chess", 0, castled)}, Lang::en);
    BOOST_TEST(has(html, mark_at(264, 304)));
    // Black promotes on a1 with check: a black queen on a1 (column 0, row 7) -> (24, 304).
    const std::string promoted = "4k3/8/8/8/8/8/8/q3K3 w - - 0 60";
    const std::string q = report::compare_html(timeline_with({{"move", "bxa1=Q+"}}), {run_with("a", "chess", 0, promoted)}, Lang::en);
    BOOST_TEST(has(q, mark_at(24, 304)));
}

BOOST_AUTO_TEST_CASE(a_shogi_move_in_usi_is_marked) {
    // 1.7g7f (☗7六歩): sente's pawn on 7f: column 9 - 7 = 2, row f = 5 -> (104, 224). Gote to move.
    const std::string sfen = "lnsgkgsnl/1r5b1/ppppppppp/9/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL w - 2";
    const std::string html = report::compare_html(timeline_with({{"move", "7g7f"}}), {run_with("a", "shogi", 0, sfen)}, Lang::en);
    BOOST_TEST(count(html, "<svg") == 1u);
    BOOST_TEST(has(html, mark_at(104, 224)));
}

BOOST_AUTO_TEST_CASE(no_diagram_and_no_error_for_what_cannot_be_drawn) {
    const auto t = timeline_with({{"move", "e4"}});
    BOOST_TEST(!has(report::compare_html(t, {run_with("a", "go", 0, "whatever")}, Lang::en), "<svg"));
    BOOST_TEST(!has(report::compare_html(t, {run_with("a", "chess", 0, "not a fen")}, Lang::en), "<svg"));
    BOOST_TEST(!has(report::compare_html(t, {run_with("a", "chess", 0, "")}, Lang::en), "<svg"));
}

BOOST_AUTO_TEST_CASE(text_from_the_timeline_and_rulebooks_is_escaped) {
    const auto t = timeline_with({{"move", "<b>e4</b>"}}, "<script>alert('x')</script> & co");
    auto run = run_with("<i>book</i>", "chess", 0, AfterE4);
    run.rulings[0].note = {"a \"note\" <img>", {}};
    const std::string html = report::compare_html(t, {run}, Lang::en);
    BOOST_TEST(!has(html, "<script"));
    BOOST_TEST(!has(html, "<i>"));
    BOOST_TEST(!has(html, "<b>"));
    BOOST_TEST(!has(html, "<img"));
    BOOST_TEST(has(html, "<title>Timeline comparison: &lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt; &amp; co</title>"));
    BOOST_TEST(has(html, "&lt;i&gt;book&lt;/i&gt;"));
    BOOST_TEST(has(html, "a &quot;note&quot; &lt;img&gt;"));
}

BOOST_AUTO_TEST_CASE(japanese_labels_and_summaries) {
    const auto t = timeline_with({{"move", "e4"}});
    const std::string html = report::compare_html(t, {run_with("a", "chess", 0, AfterE4)}, Lang::ja);
    BOOST_TEST(has(html, "<html lang=\"ja\">"));
    BOOST_TEST(has(html, "裁定比較: t"));
    BOOST_TEST(has(html, ">時刻<"));
    BOOST_TEST(has(html, ">残り時間<"));
    BOOST_TEST(has(html, "日本語の要旨"));
    BOOST_TEST(!has(html, "English summary"));
}

BOOST_AUTO_TEST_SUITE_END()

}  // namespace compare_html_test
