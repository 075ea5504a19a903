// See json_stream.h. A JSON string holds no raw line break (dump escapes it), so indenting every line break of a
// dumped value indents exactly the lines dump(2) would have indented at that depth.
#include "report/json_stream.h"

namespace arbiter::report::json_stream {

namespace {

void pad(std::ostream& out, int depth) {
    for (int i = 0; i < depth; ++i) out << "  ";
}

}  // namespace

std::string dump(const nlohmann::json& value, int indent) {
    return value.dump(indent, ' ', false, nlohmann::json::error_handler_t::replace);
}

void write_value(std::ostream& out, const nlohmann::json& value, int depth) {
    const std::string text = dump(value, 2);
    std::size_t from = 0;
    for (auto at = text.find('\n'); at != std::string::npos; at = text.find('\n', from)) {
        out.write(text.data() + from, std::streamsize(at + 1 - from));
        pad(out, depth);
        from = at + 1;
    }
    out.write(text.data() + from, std::streamsize(text.size() - from));
}

Writer value(nlohmann::json v) {
    return [v = std::move(v)](std::ostream& out, int depth) { write_value(out, v, depth); };
}

void write_array(std::ostream& out, std::size_t count,
                 const std::function<void(std::ostream&, std::size_t, int)>& element, int depth) {
    if (count == 0) {
        out << "[]";
        return;
    }
    out << "[\n";
    for (std::size_t i = 0; i < count; ++i) {
        pad(out, depth + 1);
        element(out, i, depth + 1);
        out << (i + 1 < count ? ",\n" : "\n");
    }
    pad(out, depth);
    out << "]";
}

void write_object(std::ostream& out, const std::map<std::string, Writer>& members, int depth) {
    if (members.empty()) {
        out << "{}";
        return;
    }
    out << "{\n";
    std::size_t i = 0;
    for (const auto& [key, writer] : members) {
        pad(out, depth + 1);
        out << dump(nlohmann::json(key)) << ": ";
        writer(out, depth + 1);
        out << (++i < members.size() ? ",\n" : "\n");
    }
    pad(out, depth);
    out << "}";
}

std::map<std::string, Writer> members_of(const nlohmann::json& object) {
    std::map<std::string, Writer> members;
    for (const auto& [key, v] : object.items()) members[key] = value(v);
    return members;
}

}  // namespace arbiter::report::json_stream
