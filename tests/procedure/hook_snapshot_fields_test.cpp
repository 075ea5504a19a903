// The hook snapshot's arrival, main time, instant and move number (docs/RULEBOOKS.md, Lua hooks), each read by a
// formula whose result the ruling lists. The situation, 90 minutes each: White arrives at 0:05:00, plays 1.e4 at
// 0:05:10, Black 1...e5 at 0:05:20; Black's phone rings at 0:06:00.
//   - clock.late_arrival, the JSA's deduction of three times the lateness, for whichever player is late:
//     3 x s.arrival.offender = 3 x 300000 = 900000 ms taken from White.
//   - conduct.phone: s.at - s.arrival.opponent = 360000 - 300000 = 60000 ms added to White; s.position.move_number
//     x 1000 = 2 x 1000 (after 1.e4 e5 the second move is on) taken from Black; s.main_time.offender % 60000: Black's
//     clock ran from 0:05:10 to 0:05:20, so 5400000 - 10000 = 5390000, and 5390000 % 60000 = 50000 ms taken.
#include "procedure/procedure.h"
#include "rulebook/rulebook.h"

#include <boost/test/unit_test.hpp>

#include <filesystem>
#include <fstream>
#include <string>
#include <unistd.h>
#include <vector>

namespace hook_snapshot_fields_test {  // apart from the other files of a unity batch (tests/CMakeLists.txt)

namespace fs = std::filesystem;
using namespace arbiter;

BOOST_AUTO_TEST_SUITE(a_hook_reads_arrivals_main_time_the_instant_and_the_move_number)

BOOST_AUTO_TEST_CASE(each_field_reaches_the_formula) {
    const fs::path dir = fs::temp_directory_path() / ("arbiter-snapshot-fields-" + std::to_string(::getpid()));
    fs::create_directories(dir / "chess");
    std::ofstream(dir / "chess" / "h.lua")
        << "function lateness(s)\n  return {{deduct_time = {to = 'offender', amount = 3 * s.arrival.offender}}}\nend\n"
           "function phone(s)\n  return {{add_time = {to = 'opponent', amount = s.at - s.arrival.opponent}},\n"
           "          {deduct_time = {to = 'offender', amount = s.position.move_number * 1000}},\n"
           "          {deduct_time = {to = 'offender', amount = s.main_time.offender % 60000}}}\nend\n";
    std::ofstream(dir / "chess" / "f.yaml")
        << "rulebook: f\ntitle: {en: T, ja: T}\nsource: {file: none}\ngame: chess\nextends: fide-2009\nhooks: h.lua\n"
           "rules:\n  clock.late_arrival:\n    article: \"1\"\n    summary: {en: S, ja: S}\n"
           "    hook: {name: lateness, returns: [{deduct_time: {to: offender}}]}\n"
           "  conduct.phone:\n    article: \"2\"\n    summary: {en: S, ja: S}\n"
           "    hook: {name: phone, returns: [{add_time: {to: opponent}}, {deduct_time: {to: offender}}]}\n";
    std::ofstream(dir / "t.yaml") << "timeline: t\nevent: {rulebook: f, time_control: \"5400\"}\nstart: startpos\nentries:\n"
                                     "  - {at: \"0:05:00\", arrive: white}\n  - {at: \"0:05:10\", move: e4}\n"
                                     "  - {at: \"0:05:20\", move: e5}\n  - {at: \"0:06:00\", phone: black}\n";
    const auto library = rulebook::Library::open(std::vector<fs::path>{dir, fs::path(ARBITER_SOURCE_DIR) / "rulesets"});
    procedure::Runner runner(library);
    const auto run = runner.run(procedure::load_timeline(dir / "t.yaml", library), *library.find("f"));
    fs::remove_all(dir);
    std::vector<std::string> listed;
    for (const auto& r : run.rulings)
        for (const auto& e : r.effects)
            if (e.contains("amount"))
                listed.push_back(r.topic + " " + e.value("effect", "") + " " + e.value("to", "") + " " +
                                 std::to_string(e["amount"].get<std::int64_t>()));
    const std::vector<std::string> expected = {
        "clock.late_arrival deduct_time white 900000", "conduct.phone add_time white 60000",
        "conduct.phone deduct_time black 2000", "conduct.phone deduct_time black 50000"};
    BOOST_TEST(listed == expected, boost::test_tools::per_element());
}

BOOST_AUTO_TEST_SUITE_END()

}  // namespace hook_snapshot_fields_test
