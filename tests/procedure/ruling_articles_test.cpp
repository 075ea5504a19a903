// A ruling cites its article (common standard): every ruling of every timeline fixture, under every rulebook its
// `expect:` block names, names an article. A note that answers an entry without applying a rule cites the article
// the rulebook gives the topic. The one exception: a game end the rulebook leaves to the game's own rules (a shogi
// mate under kyushu-shogi-2006, whose article (11) defers to the Japan Shogi Association's rules).
#include "procedure/procedure.h"
#include "rulebook/rulebook.h"

#include <boost/test/unit_test.hpp>

#include <algorithm>
#include <filesystem>

namespace ruling_articles_test {  // apart from the other files of a unity batch (tests/CMakeLists.txt)

namespace fs = std::filesystem;
using namespace arbiter;
using namespace arbiter::procedure;

BOOST_AUTO_TEST_SUITE(every_ruling_cites_an_article)

BOOST_AUTO_TEST_CASE(no_ruling_of_any_fixture_has_an_empty_article) {
    const fs::path root(ARBITER_SOURCE_DIR);
    const auto library = rulebook::Library::open(root / "rulesets");
    Runner runner(library);
    std::vector<fs::path> files;
    for (const auto& e : fs::recursive_directory_iterator(root / "tests/timelines"))
        if (e.is_regular_file() && e.path().extension() == ".yaml") files.push_back(e.path());
    std::sort(files.begin(), files.end());
    BOOST_TEST_REQUIRE(files.size() >= 40u);
    int rulings = 0;
    for (const auto& f : files) {
        const Timeline base = load_timeline(f, library);
        if (!base.expect || !base.expect.IsMap()) continue;
        for (const auto& block : base.expect) {
            const std::string id = block.first.Scalar();
            const auto* book = library.find(id);
            if (!book) continue;  // the fixture test reports an unknown rulebook
            const Timeline t = load_timeline(f, library, id);
            Run run;
            try {
                run = runner.run(t, *book);
            } catch (const InputError&) {
                continue;  // a timeline that expects an error: nothing was ruled
            }
            for (const auto& r : run.rulings) {
                // Left to the game's own rules (no rule on the topic in the rulebook, the game ended on it): the
                // ruling has no article of the rulebook to cite. Citing the game definition instead is left open
                // (its title is English only, and the Japanese output must carry no English words).
                if (!book->rule(r.topic) && run.result.topic == r.topic) continue;
                ++rulings;
                BOOST_CHECK_MESSAGE(!r.article.empty(), f.filename().string() << " under " << id << ": the ruling on "
                                                                              << r.topic << " at " << r.at.count()
                                                                              << " ms cites no article");
            }
        }
    }
    // The fixtures hold hundreds of rulings; a scan that ran none would prove nothing.
    BOOST_TEST(rulings > 200);
}

BOOST_AUTO_TEST_SUITE_END()

}  // namespace ruling_articles_test
