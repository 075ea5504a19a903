// arbiter event check|sheet: an event measured against its rulebook, and its regulations sheet.
#include "cli/command.h"
#include "report/sheet_event.h"
#include "rulebook/event_check.h"
#include "rulebook/paths.h"

#include <nlohmann/json.hpp>

#include <iostream>

namespace arbiter::cli {

namespace {

using namespace arbiter::rulebook;

nlohmann::json check_json(const Event& event, const Rulebook& book, const EventCheck& check) {
    nlohmann::json out = {{"event", event.name},     {"file", event.file},       {"rulebook", book.id},
                          {"mode", check.mode},      {"category", check.category}, {"valid", check.ok()}};
    out["time_control"] = check.time_control ? nlohmann::json(clock::format_yaml_time_control(*check.time_control)) : nlohmann::json(nullptr);
    out["time_control_from_rulebook"] = !check.time_control_article.empty();
    out["accepted"] = nlohmann::json::array();
    for (const auto& s : check.accepted)
        out["accepted"].push_back({{"path", s.path}, {"article", s.rule->article}, {"value", s.value.text}, {"rulebook_value", s.param->value.text}});
    out["refused"] = nlohmann::json::array();
    for (const auto& r : check.refused)
        out["refused"].push_back({{"path", r.path}, {"article", r.article}, {"message", r.message}, {"where", r.where.to_string()}});
    return out;
}

void print_check(const Event& event, const Rulebook& book, const EventCheck& check) {
    std::cout << event.name << " (" << event.file << ")\n";
    std::cout << "  rulebook: " << book.id << "  " << book.title.en << '\n';
    if (!check.mode.empty()) std::cout << "  mode: " << check.mode << '\n';
    if (check.time_control)
        std::cout << "  time control: " << clock::format_yaml_time_control(*check.time_control)
                  << (check.time_control_article.empty() ? "" : " (" + check.time_control_article + ", the rulebook's own)") << '\n';
    std::cout << "  category: " << (check.category.empty() ? std::string("standard") : check.category)
              << (check.category_article.empty() ? "" : " (" + check.category_article + ")")
              << (check.category_from_time ? ", from the time control" : "") << '\n';
    for (const auto& s : check.accepted)
        std::cout << "  accepted: " << s.path << " = " << s.value.text << "  (" << s.rule->article << "; the rulebook's value is "
                  << s.param->value.text << ")\n";
    for (const auto& r : check.refused) std::cerr << r.where.to_string() << ": refused: " << r.path << ": " << r.message << '\n';
    std::cout << (check.ok() ? "valid: " + book.id + " allows everything this event sets\n"
                             : "refused: " + std::to_string(check.refused.size()) + " setting(s) " + book.id + " does not allow\n");
}

}  // namespace

Command event_command() {
    return {"event", "Check an event against its rulebook, or print its regulations sheet",
            "arbiter event check EVENT: accepts what the rulebook lets an event set (mode, category, time\n"
            "control, `set:` parameters within their range) and refuses the rest with the article that forbids\n"
            "it. Exit 0 when valid, 1 when something is refused, 2 when the file cannot be read.\n"
            "arbiter event sheet EVENT [--lang ja|en] [--format md|html]: the regulations as they apply to the\n"
            "event (time control, default time, draws, claims and penalties, illegal moves, phones, what the\n"
            "arbiter decides), each with its article. HTML is one self-contained page that prints on A4.",
            [](CLI::App& app, const GlobalOptions& global) {
                app.require_subcommand(1);
                auto file = std::make_shared<std::string>();
                auto rulebook_id = std::make_shared<std::string>();
                auto format = std::make_shared<std::string>("text");
                auto lang = std::make_shared<std::string>("en");
                CLI::App* check = app.add_subcommand("check", "Check EVENT against what its rulebook lets an event set");
                check->add_option("EVENT", *file, "Event file (event: Name at the top)")->required();
                check->add_option("--rulebook", *rulebook_id, "Use this rulebook instead of the event's");
                check->add_option("--format", *format, "Output format")->check(CLI::IsMember({"text", "json"}));
                auto sheet_file = std::make_shared<std::string>();
                auto sheet_format = std::make_shared<std::string>("md");
                CLI::App* sheet = app.add_subcommand("sheet", "Print the regulations sheet of EVENT");
                sheet->add_option("EVENT", *sheet_file, "Event file (event: Name at the top)")->required();
                sheet->add_option("--rulebook", *rulebook_id, "Use this rulebook instead of the event's");
                sheet->add_option("--lang", *lang, "Language of the sheet")->check(CLI::IsMember({"en", "ja"}));
                sheet->add_option("--format", *sheet_format, "Output format")->check(CLI::IsMember({"md", "html"}));
                return std::function<int()>([&global, check, file, sheet_file, rulebook_id, format, sheet_format, lang] {
                    const bool is_check = check->parsed();
                    const Event event = load_event(is_check ? *file : *sheet_file);
                    const Library library = Library::open(rulesets_dir(global.rulesets_dir));
                    const Rulebook& book = event_rulebook(event, library, *rulebook_id);
                    const EventCheck result = check_event_settings(event, book, library.registry());
                    if (is_check) {
                        if (*format == "json") std::cout << check_json(event, book, result).dump(2) << '\n';
                        else print_check(event, book, result);
                        return result.ok() ? 0 : 1;
                    }
                    if (!result.ok()) {
                        for (const auto& r : result.refused) std::cerr << r.where.to_string() << ": refused: " << r.path << ": " << r.message << '\n';
                        std::cerr << "arbiter: event sheet: the event sets what " << book.id << " does not allow (see arbiter event check)\n";
                        return 1;
                    }
                    const Lang language = *lang == "ja" ? Lang::ja : Lang::en;
                    const report::Sheet s = report::event_sheet(event, book, result, library.registry(), language);
                    std::cout << (*sheet_format == "html" ? report::sheet_html(s) : report::sheet_markdown(s));
                    return 0;
                });
            }};
}

}  // namespace arbiter::cli
