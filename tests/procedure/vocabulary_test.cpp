// The vocabulary contract: every word of the registry (schemas/topics.yaml) has exactly one implementation in the
// procedure layer's tables, the procedure layer acts on no word the registry does not name, and a rulebook or
// registry that declares something the engine would not act on is refused at load with its place.
#include "procedure/params.h"
#include "procedure/vocabulary.h"
#include "rulebook/rulebook.h"
#include "rulebook/schema.h"

#include <boost/test/unit_test.hpp>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <set>
#include <string>
#include <unistd.h>

namespace vocabulary_test {  // apart from the other files of a unity batch (tests/CMakeLists.txt)

namespace fs = std::filesystem;
using namespace arbiter;

namespace {

fs::path root() { return fs::path(ARBITER_SOURCE_DIR); }

// Every test program of this layer loads registries held to the engine's words, as the CLI does.
struct EngineWordsInForce {
    EngineWordsInForce() { rulebook::set_engine_words(&procedure::implemented_words()); }
    ~EngineWordsInForce() { rulebook::set_engine_words(nullptr); }
};
BOOST_TEST_GLOBAL_FIXTURE(EngineWordsInForce);

std::set<std::string> as_set(const std::vector<std::string_view>& words) { return {words.begin(), words.end()}; }
std::set<std::string> as_set(const std::vector<std::string>& words) { return {words.begin(), words.end()}; }

const rulebook::Registry& registry() {
    static const rulebook::Registry r = rulebook::Registry::load(root() / "schemas/topics.yaml");
    return r;
}

// The schema's enum or property names at a JSON pointer of schemas/timeline.schema.json.
nlohmann::json timeline_schema(const std::string& pointer) {
    std::ifstream in(root() / "schemas/timeline.schema.json");
    return nlohmann::json::parse(in).at(nlohmann::json::json_pointer(pointer));
}

struct TempDir {
    fs::path dir;
    explicit TempDir(const std::string& name)
        : dir(fs::temp_directory_path() / ("arbiter-vocabulary-" + name + "-" + std::to_string(::getpid()))) {
        fs::remove_all(dir);
        fs::create_directories(dir);
    }
    ~TempDir() { fs::remove_all(dir); }
    fs::path write(const std::string& file, const std::string& text) const {
        std::ofstream(dir / file) << text;
        return dir / file;
    }
};

// A rulebook file with one rule on `topic`, its body as given (indented under the topic).
std::string rulebook_with(const std::string& id, const std::string& topic, const std::string& body) {
    return "rulebook: " + id + "\ntitle: {en: T, ja: T}\nsource: {file: none}\ngame: chess\nrules:\n  " + topic +
           ":\n    article: \"1\"\n    summary: {en: S, ja: S}\n" + body;
}

std::string load_error(const fs::path& file) {
    const auto library = rulebook::Library::open(root() / "rulesets");
    try {
        library.load_file(file);
    } catch (const InputError& e) {
        return e.what();
    }
    return {};
}

}  // namespace

BOOST_AUTO_TEST_SUITE(vocabulary_contract)

BOOST_AUTO_TEST_CASE(registry_sections_and_engine_tables_name_the_same_words) {
    const auto& words = procedure::implemented_words();
    BOOST_TEST(as_set(registry().trigger_names()) == as_set(words.triggers), boost::test_tools::per_element());
    BOOST_TEST(as_set(registry().claimant_names()) == as_set(words.claimants), boost::test_tools::per_element());
    BOOST_TEST(as_set(registry().deadline_names()) == as_set(words.deadlines), boost::test_tools::per_element());
    BOOST_TEST(as_set(registry().material_property_names()) == as_set(words.material_properties), boost::test_tools::per_element());
    BOOST_TEST(as_set(registry().condition_names()) == as_set(words.conditions), boost::test_tools::per_element());
    BOOST_TEST(as_set(registry().effect_names()) == as_set(words.effects), boost::test_tools::per_element());
    BOOST_TEST(as_set(registry().option_names()) == as_set(words.options), boost::test_tools::per_element());
}

BOOST_AUTO_TEST_CASE(each_table_has_one_row_per_word) {
    const auto& words = procedure::implemented_words();
    for (const auto* list : {&words.triggers, &words.claimants, &words.deadlines, &words.conditions, &words.effects,
                             &words.claims, &words.entries, &words.params, &words.material_properties, &words.options,
                             &words.place_roles, &words.one_side_fields, &words.field_choices})
        BOOST_TEST(as_set(*list).size() == list->size());
}

BOOST_AUTO_TEST_CASE(every_parameter_the_engine_reads_is_a_registry_parameter_of_a_topic_its_mechanism_reads) {
    // The mechanism is a trigger (a topic it raises carries the parameter) or a setting (the topic naming it does).
    for (const auto& p : procedure::params::all) {
        BOOST_TEST_CONTEXT(p.mechanism << " " << p.name) {
            int carriers = 0;
            for (const auto& name : registry().topic_names()) {
                const auto* t = registry().topic(name);
                const bool reads = t->setting == p.mechanism ||
                                   std::find(t->raised_by.begin(), t->raised_by.end(), p.mechanism) != t->raised_by.end();
                if (reads && t->param(p.name)) ++carriers;
            }
            BOOST_TEST(carriers >= 1);
        }
    }
}

BOOST_AUTO_TEST_CASE(no_topic_name_rulebook_id_or_side_name_steers_the_procedure_layer) {
    // The procedure layer names triggers, settings and parameters; the registry binds them to topics, rulebooks bind
    // them to values, the game file names the sides. A string literal in engine/procedure that is a topic of the
    // registry, a bundled rulebook's id, a side name or an assigned right's name would be rule knowledge in C++.
    std::set<std::string> words(registry().topic_names().begin(), registry().topic_names().end());
    const auto library = rulebook::Library::open(root() / "rulesets");
    for (const auto& id : library.ids()) words.insert(id);
    for (const char* side : {"white", "black", "sente", "gote", "draw_win_right"}) words.insert(side);
    int files = 0;
    for (const auto& e : fs::directory_iterator(root() / "engine/procedure")) {
        ++files;
        std::ifstream in(e.path());
        std::string line;
        for (int n = 1; std::getline(in, line); ++n) {
            const std::string code = line.substr(0, line.find("//"));
            for (std::size_t at = code.find('"'); at != std::string::npos;) {
                const std::size_t end = code.find('"', at + 1);
                if (end == std::string::npos) break;
                const std::string literal = code.substr(at + 1, end - at - 1);
                BOOST_TEST(!words.count(literal), e.path().filename().string() << ":" << n << ": \"" << literal << "\"");
                at = code.find('"', end + 1);
            }
        }
    }
    BOOST_TEST(files > 20);
}

BOOST_AUTO_TEST_CASE(every_trigger_raises_a_topic_and_the_topics_of_games_name_their_game) {
    for (std::size_t i = 0; i < std::size_t(procedure::Trigger::count); ++i) {
        const auto name = procedure::trigger_name(procedure::Trigger(i));
        bool bound = false;
        for (const auto& topic : registry().topic_names()) {
            const auto& by = registry().topic(topic)->raised_by;
            bound = bound || std::find(by.begin(), by.end(), name) != by.end();
        }
        BOOST_TEST(bound, name << " raises no topic in the registry");
    }
    // A topic that only one game raises says so, so that another game's trigger never raises it.
    for (const auto& topic : registry().topic_names())
        for (const char* game : {"shogi.", "othello."})
            if (topic.rfind(game, 0) == 0 && !registry().topic(topic)->raised_by.empty())
                BOOST_TEST(registry().topic(topic)->game + "." == std::string(game), topic);
}

BOOST_AUTO_TEST_CASE(entry_and_claim_kinds_match_the_timeline_schema) {
    std::set<std::string> entries;
    const nlohmann::json properties = timeline_schema("/definitions/entry/properties");
    for (const auto& [key, _] : properties.items())
        if (key != "at" && key != "expect" && key != "note" && key != "hands") entries.insert(key);  // hands: a fact
    BOOST_TEST(entries == as_set(procedure::implemented_words().entries), boost::test_tools::per_element());
    std::set<std::string> kinds;
    const nlohmann::json enums = timeline_schema("/definitions/entry/properties/claim/properties/kind/enum");
    for (const auto& k : enums) kinds.insert(k.get<std::string>());
    BOOST_TEST(kinds == as_set(procedure::implemented_words().claims), boost::test_tools::per_element());
}

BOOST_AUTO_TEST_CASE(every_bundled_rulebook_loads_under_the_strict_rules) {
    const auto library = rulebook::Library::open(root() / "rulesets");
    for (const auto& problem : library.problems()) BOOST_ERROR(problem.what());
    BOOST_TEST(library.ids().size() == 14u);  // the bundled fourteen, two of xiangqi (club-example: examples/rulesets)
}

BOOST_AUTO_TEST_CASE(a_registry_word_the_engine_does_not_act_on_is_refused_where_it_is_written) {
    TempDir tmp("registry");
    std::ifstream in(root() / "schemas/topics.yaml");
    std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    const std::string anchor = "conditions:\n";
    // The new condition goes on the line after "conditions:"; its column is 3 (two spaces of indent).
    const auto at = text.find(anchor);
    BOOST_REQUIRE(at != std::string::npos);
    const int line = int(std::count(text.begin(), text.begin() + long(at), '\n')) + 2;
    text.insert(at + anchor.size(), "  moon_phase: {type: text, en: The moon's phase., ja: 月相。}\n");
    const auto file = tmp.write("topics.yaml", text);
    try {
        rulebook::Registry::load(file);
        BOOST_ERROR("a registry naming a condition the engine lacks loaded");
    } catch (const InputError& e) {
        BOOST_TEST(std::string(e.what()).find("moon_phase") != std::string::npos);
        BOOST_TEST(std::string(e.what()).find(":" + std::to_string(line) + ":3:") != std::string::npos, e.what());
    }
}

BOOST_AUTO_TEST_CASE(effects_on_a_topic_nothing_raises_are_refused) {
    TempDir tmp("unraised");
    const auto file = tmp.write("unraised.yaml", rulebook_with("unraised", "move.promotion", "    effects: [draw]\n"));
    const std::string error = load_error(file);
    BOOST_TEST(error.find("unraised.yaml:9:") != std::string::npos, error);
    BOOST_TEST(error.find("nothing raises") != std::string::npos, error);
}

BOOST_AUTO_TEST_CASE(an_unknown_deadline_is_refused_with_a_suggestion) {
    TempDir tmp("deadline");
    const auto file = tmp.write("deadline.yaml", rulebook_with("deadline", "draw.repetition",
                                                               "    claim: {by: to_move, deadline: before_claimant_move}\n"));
    const std::string error = load_error(file);
    BOOST_TEST(error.find("deadline.yaml:9:") != std::string::npos, error);
    BOOST_TEST(error.find("did you mean 'before_claimant_moves'") != std::string::npos, error);
}

BOOST_AUTO_TEST_CASE(a_material_balance_must_read_and_name_a_known_property) {
    // Line 10: `      material: {value: "..."}`: the value starts at column 25.
    TempDir tmp("balances");
    const auto typo = tmp.write("typo.yaml", rulebook_with("typo", "draw.book_positions",
                                                           "    params:\n      material: {value: \"KR v KR; KBP v K (wrong_rook_pwn)\"}\n"));
    const std::string unknown = load_error(typo);
    BOOST_TEST(unknown.find("typo.yaml:10:25:") != std::string::npos, unknown);
    BOOST_TEST(unknown.find("names the property 'wrong_rook_pwn', which the engine does not act on") != std::string::npos, unknown);
    BOOST_TEST(unknown.find("did you mean 'wrong_rook_pawn'") != std::string::npos, unknown);
    const auto vs = tmp.write("vs.yaml", rulebook_with("vs", "draw.book_positions", "    params:\n      material: {value: \"KR vs KR\"}\n"));
    const std::string grammar = load_error(vs);
    BOOST_TEST(grammar.find("vs.yaml:10:25:") != std::string::npos, grammar);
    BOOST_TEST(grammar.find("the item 'KR vs KR' is not two sides' piece letters joined by ' v '") != std::string::npos, grammar);
}

BOOST_AUTO_TEST_CASE(a_parameter_nothing_reads_is_refused) {
    TempDir tmp("unread");
    // opponent_bonus is registered for move.illegal, but the engine reads it only where an effect refers to it.
    const auto file = tmp.write("unread.yaml", rulebook_with("unread", "move.illegal",
                                                             "    params:\n      opponent_bonus: {value: 2min}\n    effects: [continue]\n"));
    const std::string error = load_error(file);
    BOOST_TEST(error.find("unread.yaml:10:") != std::string::npos, error);
    BOOST_TEST(error.find("nothing reads") != std::string::npos, error);
}

BOOST_AUTO_TEST_CASE(a_parameter_of_the_wrong_unit_is_refused_where_it_is_used) {
    TempDir tmp("unit");
    // min_moves is a number of moves; add_time's amount is a duration.
    const auto file = tmp.write("unit.yaml", rulebook_with("unit", "draw.agreement",
                                                           "    params:\n      min_moves: {value: 10}\n"
                                                           "    effects:\n      - {add_time: {to: opponent, amount: {param: min_moves}}}\n"));
    const std::string error = load_error(file);
    BOOST_TEST(error.find("unit.yaml:12:") != std::string::npos, error);
    BOOST_TEST(error.find("expected a parameter in duration") != std::string::npos, error);
}

BOOST_AUTO_TEST_CASE(a_topic_ended_by_names_must_be_a_registry_topic) {
    // Line 10: `      - when: {ended_by: clock.flagfall}`: the value starts at column 26. A topic the registry lacks would
    // never be the one that ended a game, so the case could never apply.
    TempDir tmp("ended-by");
    const auto typo = tmp.write("typo.yaml", rulebook_with("typo", "result.resignation",
                                                           "    cases:\n      - when: {ended_by: clock.flagfall}\n        effects: [draw]\n"));
    const std::string error = load_error(typo);
    BOOST_TEST(error.find("typo.yaml:10:26:") != std::string::npos, error);
    BOOST_TEST(error.find("expected a topic of") != std::string::npos, error);
    BOOST_TEST(error.find("did you mean 'clock.flag_fall'") != std::string::npos, error);
    const auto good = tmp.write("good.yaml", rulebook_with("good", "result.resignation",
                                                           "    cases:\n      - when: {ended_by: clock.flag_fall}\n        effects: [draw]\n"));
    BOOST_TEST(load_error(good).empty(), load_error(good));
}

BOOST_AUTO_TEST_SUITE_END()

}  // namespace vocabulary_test
