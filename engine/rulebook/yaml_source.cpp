#include "rulebook/yaml_source.h"

#include "rulebook/yaml_build.h"

#include "core/record/bounded_read.h"

#include <spdlog/spdlog.h>
#include <yaml-cpp/node/detail/node.h>

#include <cstdint>
#include <cstdio>
#include <fstream>
#include <sstream>
#include <unordered_map>
#include <vector>

namespace arbiter::rulebook {

namespace {

[[noreturn]] void fail(const std::string& file, int line, int column, const Text& message) {
    throw InputError({file, line, column}, message);
}
[[noreturn]] void fail(const std::string& file, int line, int column, const std::string& message) {
    throw InputError({file, line, column}, message);
}

// Returns the 1-based line and column of byte `offset` in `text`.
std::pair<int, int> line_column(std::string_view text, std::size_t offset) {
    int line = 1, column = 1;
    for (std::size_t i = 0; i < offset && i < text.size(); ++i) {
        if (text[i] == '\n') {
            ++line;
            column = 1;
        } else if ((static_cast<unsigned char>(text[i]) & 0xC0) != 0x80) {
            ++column;
        }
    }
    return {line, column};
}

// Refuses text with NUL bytes or invalid UTF-8 (overlong forms, surrogates, beyond U+10FFFF).
void check_text(std::string_view text, const std::string& file) {
    std::size_t i = 0;
    while (i < text.size()) {
        const auto c = static_cast<unsigned char>(text[i]);
        if (c == 0) {
            auto [line, column] = line_column(text, i);
            fail(file, line, column,
                 Text{"binary file: found a NUL byte; expected UTF-8 text",
                      "バイナリのファイル（NUL バイトがある）で、UTF-8 のテキストではない"});
        }
        int extra = c < 0x80 ? 0 : (c & 0xE0) == 0xC0 ? 1 : (c & 0xF0) == 0xE0 ? 2 : (c & 0xF8) == 0xF0 ? 3 : -1;
        bool ok = extra >= 0 && i + static_cast<std::size_t>(extra) < text.size();
        if (ok && extra > 0) {
            std::uint32_t cp = c & (0x3F >> extra);
            for (int k = 1; ok && k <= extra; ++k) {
                const auto d = static_cast<unsigned char>(text[i + k]);
                if ((d & 0xC0) != 0x80) ok = false;
                cp = (cp << 6) | (d & 0x3F);
            }
            static constexpr std::uint32_t smallest[] = {0, 0x80, 0x800, 0x10000};
            if (ok && (cp < smallest[extra] || cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF))) ok = false;
        }
        if (!ok) {
            auto [line, column] = line_column(text, i);
            char hex[8];
            std::snprintf(hex, sizeof hex, "0x%02x", c);
            fail(file, line, column,
                 Text{std::string("binary file: found the byte ") + hex + ", which is not UTF-8; expected UTF-8 text",
                      std::string("UTF-8 でないバイト ") + hex + " がある：UTF-8 のテキストではない"});
        }
        i += 1 + extra;
    }
}

// Estimates the nesting depth line by line before yaml-cpp (which recurses once per level) sees the
// text: block indentation levels and sequence indicators count two levels each (a map and a compact
// sequence may share an indentation), flow brackets one each. The estimate is never below the real depth.
void check_depth(std::string_view text, const std::string& file) {
    std::vector<int> indents;
    int flow = 0;
    char quote = 0;
    int block_scalar_parent = -1;  // indentation of the line that opened a block scalar, -1 = none
    int line_no = 0;
    std::size_t pos = 0;
    while (pos <= text.size()) {
        std::size_t end = text.find('\n', pos);
        if (end == std::string_view::npos) end = text.size();
        std::string_view line = text.substr(pos, end - pos);
        ++line_no;
        pos = end + 1;
        if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
        int indent = 0;
        while (indent < static_cast<int>(line.size()) && line[indent] == ' ') ++indent;
        const bool blank = indent == static_cast<int>(line.size()) || line[indent] == '#';
        if (block_scalar_parent >= 0) {
            if (blank || indent > block_scalar_parent) continue;
            block_scalar_parent = -1;
        }
        int levels = 0;
        std::size_t i = indent;
        if (flow == 0 && quote == 0) {
            if (blank) continue;
            while (!indents.empty() && indents.back() >= indent) indents.pop_back();
            indents.push_back(indent);
            // Sequence and explicit-key indicators on one line ("- - - x") each open a level.
            while (i < line.size() && (line[i] == '-' || line[i] == '?') &&
                   (i + 1 == line.size() || line[i + 1] == ' ')) {
                levels += 2;
                if (2 * static_cast<int>(indents.size()) + levels > MaxYamlDepth)
                    fail(file, line_no, static_cast<int>(i) + 1,
                         Text{"nesting deeper than " + std::to_string(MaxYamlDepth) +
                                  " levels; expected a shallower document",
                              "入れ子が " + std::to_string(MaxYamlDepth) + " 段を超える"});
                ++i;
                while (i < line.size() && line[i] == ' ') ++i;
            }
        }
        char last_token = 0;  // the last character that was not a space, outside quotes
        for (; i < line.size(); ++i) {
            const char c = line[i];
            if (quote) {
                if (c == '\\' && quote == '"') ++i;
                else if (c == quote) quote = 0;
                continue;
            }
            const bool token_start = i == static_cast<std::size_t>(indent) || line[i - 1] == ' ' ||
                                     (flow > 0 && (last_token == '[' || last_token == '{' || last_token == ','));
            if (c == '#' && (i == 0 || line[i - 1] == ' ' || line[i - 1] == '\t')) break;
            if ((c == '\'' || c == '"') && token_start) {
                quote = c;
            } else if ((c == '[' || c == '{') && (flow > 0 || token_start)) {
                ++flow;
            } else if ((c == ']' || c == '}') && flow > 0) {
                --flow;
            }
            if (2 * static_cast<int>(indents.size()) + levels + flow > MaxYamlDepth) {
                int column = 1;
                for (std::size_t k = 0; k < i; ++k)
                    if ((static_cast<unsigned char>(line[k]) & 0xC0) != 0x80) ++column;
                fail(file, line_no, column,
                     Text{"nesting deeper than " + std::to_string(MaxYamlDepth) +
                              " levels; expected a shallower document",
                          "入れ子が " + std::to_string(MaxYamlDepth) + " 段を超える"});
            }
            if (c != ' ' && c != '\t') last_token = c;
        }
        if (2 * static_cast<int>(indents.size()) + levels + flow > MaxYamlDepth)
            fail(file, line_no, indent + 1,
                 Text{"nesting deeper than " + std::to_string(MaxYamlDepth) + " levels; expected a shallower document",
                      "入れ子が " + std::to_string(MaxYamlDepth) + " 段を超える"});
        // A block scalar ("key: |", "- >-") swallows the more indented lines that follow.
        if (flow == 0 && quote == 0) {
            std::string_view body = line.substr(0, std::min(line.size(), line.find(" #")));
            while (!body.empty() && body.back() == ' ') body.remove_suffix(1);
            std::size_t k = body.size();
            while (k > 0 && (body[k - 1] == '+' || body[k - 1] == '-' || (body[k - 1] >= '1' && body[k - 1] <= '9'))) --k;
            if (k > 0 && (body[k - 1] == '|' || body[k - 1] == '>') && (k == 1 || body[k - 2] == ' '))
                block_scalar_parent = indent;
        }
    }
}

// Walks every node once: refuses duplicate keys (naming both places), depth beyond the limit (aliases
// can nest what the text does not) and alias expansion beyond MaxYamlNodes. It walks yaml-cpp's nodes
// themselves, not handles (node_of), and keeps a map's keys as views of their text: each handle or key copy
// was an allocation or an atomic count per node of every file read.
struct Walker {
    const std::string& file;
    long nodes = 0;
    std::size_t bytes = 0;  // scalar text, counted each time an alias reaches it

    // An anchor on a 1 MiB scalar with a thousand aliases is a thousand readings of 1 MiB for every loader that
    // reads the tree, though the node count stays small: scalar bytes count each time they are reached. Without
    // aliases they never exceed the file's size, so the limit is the file limit.
    void count_text(const YAML::detail::node& node) {
        bytes += node.scalar().size();
        if (bytes > MaxYamlBytes)
            throw InputError(location_of(file, node.mark()), "more than " + std::to_string(MaxYamlBytes) +
                                                                 " bytes of text once aliases are expanded; expected a smaller document");
    }

    void walk(const YAML::detail::node& node, int depth) {
        if (++nodes > MaxYamlNodes) {
            auto where = location_of(file, node.mark());
            throw InputError(where, "more than " + std::to_string(MaxYamlNodes) +
                                        " nodes once aliases are expanded; expected a smaller document");
        }
        const YAML::NodeType::value type = node.type();
        if (type == YAML::NodeType::Scalar) count_text(node);
        if (depth > MaxYamlDepth) {
            throw InputError(location_of(file, node.mark()), "nesting deeper than " + std::to_string(MaxYamlDepth) +
                                                                 " levels; expected a shallower document");
        }
        if (type == YAML::NodeType::Sequence) {
            for (const auto& item : node) walk(*item, depth + 1);
        } else if (type == YAML::NodeType::Map) {
            std::unordered_map<std::string_view, YAML::Mark> seen;
            for (const auto& entry : node) {
                const YAML::detail::node& key = *entry.first;
                if (key.type() == YAML::NodeType::Scalar) {
                    count_text(key);
                    auto [it, inserted] = seen.emplace(key.scalar(), key.mark());
                    if (!inserted) {
                        auto first = location_of(file, it->second);
                        throw InputError(location_of(file, key.mark()),
                                         "duplicate key '" + key.scalar() + "' (first at line " +
                                             std::to_string(first.line) + ", column " +
                                             std::to_string(first.column) + "); expected each key once");
                    }
                } else {
                    walk(key, depth + 1);
                }
                walk(*entry.second, depth + 1);
            }
        }
    }
};

}  // namespace

namespace {

// Most keys asked for are optional and missing: a new undefined node would cost seven allocations each
// time, so every miss hands out a copy of this thread's one. Callers only read what they get.
const YAML::Node& undefined_node() {
    thread_local const YAML::Node undefined(YAML::NodeType::Undefined);
    return undefined;
}

}  // namespace

// Both scan a map's nodes themselves (node_of) and make a handle only for what they hand out: iterating handles
// made two per entry passed over.
YAML::Node child(const YAML::Node& node, std::string_view key) {
    if (node.IsDefined() && node.IsMap())
        for (const auto& entry : *node_of(node))
            if (entry.first->type() == YAML::NodeType::Scalar && entry.first->scalar() == key) return handle_beside(node, *entry.second);
    return undefined_node();
}

MapKeys::MapKeys(const YAML::Node& node) {
    if (!node.IsDefined() || !node.IsMap()) return;
    // The keys' text lives in the document, which the value handles kept here keep alive.
    for (const auto& entry : *node_of(node))
        if (entry.first->type() == YAML::NodeType::Scalar) entries_.emplace_back(entry.first->scalar(), handle_beside(node, *entry.second));
}

YAML::Node MapKeys::get(std::string_view key) const {
    for (const auto& [name, value] : entries_)
        if (name == key) return value;
    return undefined_node();
}

SourceLocation location_of(const std::string& file, const YAML::Mark& mark) {
    if (mark.line < 0) return {file, 0, 0};
    return {file, mark.line + 1, mark.column + 1};
}

void refuse_named_file(const std::string& file, const std::string& key, const YAML::Node& value,
                       const InputError& refusal, const std::string& expected) {
    if (refusal.where().line > 0) throw;
    throw InputError(location_of(file, value), key + ": found the path '" + value.Scalar() +
                                                   "', which cannot be read (" + refusal.what() + "); expected " +
                                                   expected);
}

SourceLocation location_of(const std::string& file, const YAML::Node& node) {
    if (!node) return {file, 0, 0};  // a missing key: Mark() would throw
    return location_of(file, node.Mark());
}

std::string describe(const YAML::Node& node) {
    if (!node.IsDefined() || node.IsNull()) return "nothing";
    if (node.IsMap()) return "a map";
    if (node.IsSequence()) return "a list";
    std::string text = node.Scalar();
    if (text.size() > 40) text = text.substr(0, 37) + "...";
    return '"' + text + '"';
}

YamlFile parse_yaml_text(std::string_view text, std::string name) {
    if (text.size() > MaxYamlBytes)
        fail(name, 0, 0, "file of " + std::to_string(text.size()) + " bytes; expected at most " +
                             std::to_string(MaxYamlBytes) + " bytes");
    if (text.size() >= 3 && text.substr(0, 3) == "\xEF\xBB\xBF") text.remove_prefix(3);
    check_text(text, name);
    check_depth(text, name);
    YamlFile out{std::move(name), {}};
    try {
        out.root = build_yaml(text);
    } catch (const YamlSyntaxError& e) {
        throw InputError(location_of(out.name, e.mark), "YAML syntax error: " + e.message + "; expected well-formed YAML");
    } catch (const YamlTooManyNodes& e) {
        throw InputError(location_of(out.name, e.mark), "more than " + std::to_string(MaxYamlBuiltNodes) +
                                                            " YAML nodes (each takes memory); expected a smaller document");
    } catch (const YAML::Exception& e) {
        throw InputError({out.name, 0, 0}, "YAML error: " + e.msg + "; expected well-formed YAML");
    }
    if (!out.root.IsDefined() || out.root.IsNull())
        fail(out.name, 1, 1, "empty file (no YAML content); expected a YAML document");
    if (out.root.IsScalar())
        throw InputError(location_of(out.name, out.root),
                         "found the text " + describe(out.root) + "; expected a YAML map such as 'rulebook: id'");
    Walker walker{out.name};
    walker.walk(*node_of(out.root), 1);  // defined and not null: a node of the tree
    return out;
}

YamlFile read_yaml_file(const std::filesystem::path& path) {
    const std::string name = path.string();
    std::error_code ec;
    if (std::filesystem::is_directory(path, ec)) fail(name, 0, 0, "is a folder; expected a YAML file");
    // Only a regular file, and never more than MaxYamlBytes of it: a FIFO would block, /dev/zero never ends.
    std::string text = core::record::read_regular_file(name, MaxYamlBytes, "a readable YAML file");
    if (text.empty()) fail(name, 1, 1, "empty file (0 bytes); expected a YAML document");
    spdlog::debug("read {} ({} bytes)", name, text.size());
    return parse_yaml_text(text, name);
}

}  // namespace arbiter::rulebook
