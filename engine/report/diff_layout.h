// What every format of the diff shows, in words, before each format lays it out: the substantive topics by chapter
// in article order, a topic's rows (status, article, summary, then each differing aspect in words), and the topics
// that differ only in cross-references or article numbers, listed apart. Internal to the diff's report files.
#pragma once

#include "rulebook/diff.h"

#include <string>
#include <utility>
#include <vector>

namespace arbiter::report::diff_layout {

enum class PartKind { category, mode };

// A chapter: its heading ("Article 6", "Appendix A", 第6条) and its substantive topics in article order.
struct Chapter {
    std::string key;  // "6", "A", "" (no article)
    std::string title;
    std::vector<const rulebook::TopicDiff*> topics;
};
// The chapter of an article: an appendix's letters ("A" for "A.1"), else its first number ("6" for "6.6a").
std::string article_chapter(const std::string& article);
// Article order, numbers compared as numbers ("6.9" before "6.10"); "" last.
bool article_before(const std::string& a, const std::string& b);
// A chapter's heading: "Article 6", "Appendix A", "No article" (第6条, 付則 A, 条なし).
std::string chapter_title(const std::string& key, rulebook::Lang lang);
std::vector<Chapter> chapters(const rulebook::RulebookDiff& diff, rulebook::Lang lang);

// The topics that differ only in cross-references, article numbers or restatement, in article order.
std::vector<const rulebook::TopicDiff*> minor_topics(const rulebook::RulebookDiff& diff);

// "6.7 | 6.6a" (each rulebook's article, "-" where it has no rule).
std::string articles_line(const rulebook::TopicDiff& t);
// What a minor topic differs in: "cross-references (also)", "article number", "restated unchanged".
std::string minor_words(const rulebook::TopicDiff& t, rulebook::Lang lang);
// The overview's gist of a substantive topic: "parameter default_time, cases" or "only in fide-2009".
std::string gist_words(const rulebook::RulebookDiff& diff, const rulebook::TopicDiff& t, rulebook::Lang lang);

// A topic's rows: label, then one cell per rulebook, every cell in words.
using Row = std::pair<std::string, std::vector<std::string>>;
std::vector<Row> topic_rows(const rulebook::RulebookDiff& diff, const rulebook::TopicDiff& t,
                            const rulebook::PartDiff* part, PartKind kind, rulebook::Lang lang);

// Heading words shared by the formats.
std::string relation_words(const rulebook::RulebookDiff& diff, rulebook::Lang lang);
std::string count_words(std::size_t differ, int same, rulebook::Lang lang);
// "7 substantive; 17 only in cross-references, 3 only in article numbers".
std::string weight_count_words(const rulebook::RulebookDiff& diff, rulebook::Lang lang);
std::string part_heading(PartKind kind, const std::string& name, rulebook::Lang lang,
                         const std::vector<const rulebook::Rulebook*>& books = {});
std::string part_article(const rulebook::RulebookDiff& diff, const rulebook::PartDiff& part, std::size_t i,
                         rulebook::Lang lang);
std::string minor_heading(std::size_t count, rulebook::Lang lang);

}  // namespace arbiter::report::diff_layout
