// libyaml events -> yaml-cpp nodes, the way yaml-cpp's own (uninstalled) NodeBuilder turns its parser's events into
// nodes: every node in one memory holder, a mark on each, collections filled as their children end.
#include "rulebook/yaml_build.h"

#include <yaml-cpp/node/detail/memory.h>
#include <yaml-cpp/node/detail/node.h>

#include <yaml.h>

#include <memory>
#include <new>
#include <unordered_map>
#include <utility>
#include <vector>

namespace arbiter::rulebook {
struct NodeAccess;
}

namespace YAML {
// yaml-cpp befriends every specialisation of as_if; this one lends the builder Node's constructor from a built
// detail::node, which is how yaml-cpp's NodeBuilder hands out its root.
template <>
struct as_if<arbiter::rulebook::NodeAccess, arbiter::rulebook::NodeAccess> {
    static Node wrap(detail::node& root, detail::shared_memory_holder memory) { return Node(root, std::move(memory)); }
    static const detail::node* node(const Node& handle) { return handle.m_pNode; }
    static Node beside(const Node& handle, const detail::node& other) {
        return Node(const_cast<detail::node&>(other), handle.m_pMemory);  // a node of a tree, itself never const
    }
};
}  // namespace YAML

namespace arbiter::rulebook {

namespace {

using Access = YAML::as_if<NodeAccess, NodeAccess>;

// Frees libyaml's parser and event however the build ends.
struct Parser {
    yaml_parser_t parser;
    Parser() { yaml_parser_initialize(&parser); }
    ~Parser() { yaml_parser_delete(&parser); }
};
struct Event {
    yaml_event_t event;
    ~Event() { yaml_event_delete(&event); }
};

YAML::Mark mark_of(const yaml_mark_t& m) {
    YAML::Mark mark;
    mark.pos = static_cast<int>(m.index);
    mark.line = static_cast<int>(m.line);
    mark.column = static_cast<int>(m.column);
    return mark;
}

// yaml-cpp's null spellings of a plain scalar (IsNullString), and the empty value.
bool is_null_text(std::string_view s) { return s.empty() || s == "~" || s == "null" || s == "Null" || s == "NULL"; }

class Builder {
public:
    Builder() : memory_(new YAML::detail::memory_holder) {}

    YAML::Node root() { return root_ ? Access::wrap(*root_, memory_) : YAML::Node(); }

    // Scalars, and aliases (the anchor's node itself, as yaml-cpp shares it).
    void scalar(const yaml_event_t& e) {
        const auto& s = e.data.scalar;
        YAML::detail::node& node = create(e.start_mark, s.anchor);
        const std::string_view text(reinterpret_cast<const char*>(s.value), s.length);
        const bool plain = s.style == YAML_PLAIN_SCALAR_STYLE || s.style == YAML_ANY_SCALAR_STYLE;
        if (plain && !s.tag && is_null_text(text)) {
            node.set_null();
        } else {
            node.set_scalar(std::string(text));
            node.set_tag(tag_of(s.tag, plain));
        }
        add(node);
    }
    void alias(const yaml_event_t& e) {
        const auto it = anchors_.find(reinterpret_cast<const char*>(e.data.alias.anchor));
        if (it == anchors_.end()) throw YamlSyntaxError{mark_of(e.start_mark), "alias to an unknown anchor"};
        add(*it->second);
    }
    void open(const yaml_event_t& e, YAML::NodeType::value type) {
        const bool sequence = type == YAML::NodeType::Sequence;
        const yaml_char_t* anchor = sequence ? e.data.sequence_start.anchor : e.data.mapping_start.anchor;
        const yaml_char_t* tag = sequence ? e.data.sequence_start.tag : e.data.mapping_start.tag;
        YAML::detail::node& node = create(e.start_mark, anchor);
        node.set_type(type);
        node.set_tag(tag_of(tag, true));
        open_.push_back({&node, nullptr});
    }
    void close() {
        YAML::detail::node& node = *open_.back().collection;
        open_.pop_back();
        add(node);
    }

private:
    struct Open {
        YAML::detail::node* collection;
        YAML::detail::node* key;  // a map's key waiting for its value
    };

    static std::string tag_of(const yaml_char_t* tag, bool plain) {
        if (tag) return reinterpret_cast<const char*>(tag);
        return plain ? "?" : "!";
    }

    YAML::detail::node& create(const yaml_mark_t& mark, const yaml_char_t* anchor) {
        if (++created_ > MaxYamlBuiltNodes) throw YamlTooManyNodes{mark_of(mark)};
        YAML::detail::node& node = memory_->create_node();
        node.set_mark(mark_of(mark));
        if (anchor) anchors_[reinterpret_cast<const char*>(anchor)] = &node;
        return node;
    }

    // A finished node joins the collection it is in (a map alternates keys and values), or is the root.
    void add(YAML::detail::node& node) {
        if (open_.empty()) {
            root_ = &node;
            return;
        }
        Open& top = open_.back();
        if (top.collection->type() == YAML::NodeType::Sequence) {
            top.collection->push_back(node, memory_);
        } else if (!top.key) {
            top.key = &node;
        } else {
            top.collection->insert(*top.key, node, memory_);
            top.key = nullptr;
        }
    }

    YAML::detail::shared_memory_holder memory_;
    std::vector<Open> open_;
    std::unordered_map<std::string, YAML::detail::node*> anchors_;
    YAML::detail::node* root_ = nullptr;
    long created_ = 0;
};

}  // namespace

const YAML::detail::node* node_of(const YAML::Node& handle) { return Access::node(handle); }

YAML::Node handle_beside(const YAML::Node& handle, const YAML::detail::node& other) { return Access::beside(handle, other); }

YAML::Node build_yaml(std::string_view text) {
    Parser p;
    yaml_parser_set_input_string(&p.parser, reinterpret_cast<const unsigned char*>(text.data()), text.size());
    yaml_parser_set_encoding(&p.parser, YAML_UTF8_ENCODING);
    Builder builder;
    int documents = 0;
    for (;;) {
        Event e;
        if (!yaml_parser_parse(&p.parser, &e.event)) {
            // libyaml reports a failed allocation as a parser error with no problem text: it is memory, not syntax.
            if (p.parser.error == YAML_MEMORY_ERROR) throw std::bad_alloc();
            std::string message = p.parser.problem ? p.parser.problem : "unreadable YAML";
            if (p.parser.context) message = std::string(p.parser.context) + ": " + message;
            const yaml_mark_t& at = p.parser.problem ? p.parser.problem_mark : p.parser.context_mark;
            throw YamlSyntaxError{mark_of(at), message};
        }
        switch (e.event.type) {
        case YAML_STREAM_END_EVENT: return builder.root();
        case YAML_DOCUMENT_START_EVENT:
            // One document per file: a second one was silently ignored (YAML::Load reads the first).
            if (documents++ > 0)
                throw YamlSyntaxError{mark_of(e.event.start_mark),
                                      "a second YAML document (a file holds one)"};
            break;
        case YAML_SCALAR_EVENT: builder.scalar(e.event); break;
        case YAML_ALIAS_EVENT: builder.alias(e.event); break;
        case YAML_SEQUENCE_START_EVENT: builder.open(e.event, YAML::NodeType::Sequence); break;
        case YAML_MAPPING_START_EVENT: builder.open(e.event, YAML::NodeType::Map); break;
        case YAML_SEQUENCE_END_EVENT:
        case YAML_MAPPING_END_EVENT: builder.close(); break;
        default: break;  // stream and document starts
        }
    }
}

}  // namespace arbiter::rulebook
