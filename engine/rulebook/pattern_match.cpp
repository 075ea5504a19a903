#include "rulebook/pattern_match.h"

#include <array>
#include <utility>

namespace arbiter::rulebook {

// Reads a pattern into a tree, then writes the tree out as the program (a counted repeat writes its body out as
// often as it counts, which is why the program's size is bounded, not the pattern's).
class PatternCompiler {
public:
    PatternCompiler(std::string_view p, Pattern& out) : p_(p), out_(out) {}

    void compile() {
        Node root = alternation(0);
        if (i_ < p_.size()) fail("a ')' that closes no group");
        emit(root);
        push(Pattern::Op::match);
    }

private:
    struct Node {
        enum Kind { bytes, character, sequence, choice, repeat, begin, end } kind = sequence;
        int set = -1;
        int min = 0, max = 0;  // repeat: max -1 for no bound
        std::vector<Node> kids;
        bool dot = false;  // character: '.', which no line terminator matches
    };
    static Node make(Node::Kind kind, int set = -1) { return Node{kind, set, 0, 0, {}, false}; }
    static constexpr int MaxDepth = 64, MaxCount = 1000;

    [[noreturn]] void fail(const std::string& what) const { throw PatternError(i_, what); }
    bool at(char c) const { return i_ < p_.size() && p_[i_] == c; }

    Node alternation(int depth) {
        if (depth > MaxDepth) fail("groups nested more than " + std::to_string(MaxDepth) + " deep");
        Node n = make(Node::choice);
        n.kids.push_back(sequence(depth));
        while (at('|')) {
            ++i_;
            n.kids.push_back(sequence(depth));
        }
        return n.kids.size() == 1 ? std::move(n.kids.front()) : n;
    }

    Node sequence(int depth) {
        Node n = make(Node::sequence);
        while (i_ < p_.size() && p_[i_] != '|' && p_[i_] != ')') n.kids.push_back(repeated(depth));
        return n;
    }

    Node repeated(int depth) {
        const std::size_t start = i_;
        Node atom = this->atom(depth);
        // The matcher reads bytes: a repeat after a character of several bytes would repeat its last byte alone
        // (`あ+` did not match "ああ"). Such a character is refused here unless grouped, `(?:あ)+`.
        const bool last_of_several = i_ == start + 1 && (static_cast<unsigned char>(p_[start]) & 0xC0) == 0x80;
        if (last_of_several && (at('*') || at('+') || at('?') || at('{')))
            fail("a repeat of a character outside ASCII (the text is read byte by byte); group it");
        int min = 0, max = 0;
        if (at('*')) min = 0, max = -1, ++i_;
        else if (at('+')) min = 1, max = -1, ++i_;
        else if (at('?')) min = 0, max = 1, ++i_;
        else if (at('{')) counts(min, max);
        else return atom;
        if (atom.kind == Node::begin || atom.kind == Node::end) fail("a repeat of an anchor");
        if (at('?')) ++i_;  // lazy: the same matches exist
        if (at('*') || at('+') || at('?') || at('{')) fail("a repeat of a repeat");
        Node n = make(Node::repeat);
        n.min = min, n.max = max;
        n.kids.push_back(std::move(atom));
        return n;
    }

    int number() {
        const std::size_t start = i_;
        long value = 0;
        while (i_ < p_.size() && p_[i_] >= '0' && p_[i_] <= '9' && value <= MaxCount) value = value * 10 + (p_[i_++] - '0');
        if (i_ == start) fail("expected a count in {n,m}");
        if (value > MaxCount) fail("a count above " + std::to_string(MaxCount));
        return int(value);
    }

    void counts(int& min, int& max) {
        ++i_;  // '{'
        min = max = number();
        if (at(',')) {
            ++i_;
            max = at('}') ? -1 : number();
        }
        if (!at('}')) fail("expected '}' to close {n,m}");
        ++i_;
        if (max != -1 && max < min) fail("{n,m} with m below n");
    }

    // ECMA-262 reads a pattern's text as characters: a set holding every byte above 0x7F (from '.', a negated class,
    // \D \W \S) stands for every character outside ASCII, so it takes a whole UTF-8 sequence of one, not one byte
    // of it (`^.$` matches "将"). Another set holding such a byte is one byte of a character written in the pattern
    // (literals match bytes; \x above \x7f and such characters in a class are refused).
    Node set_node(const std::bitset<256>& set, bool dot = false) {
        const bool every_character = (set >> 128).count() == 128;
        out_.sets_.push_back(set);
        Node n = make(every_character ? Node::character : Node::bytes, int(out_.sets_.size()) - 1);
        n.dot = dot;
        return n;
    }

    Node atom(int depth) {
        const char c = p_[i_];
        if (c == '(') {
            ++i_;
            if (at('?')) {
                if (i_ + 1 < p_.size() && p_[i_ + 1] == ':') i_ += 2;
                else fail("lookaround or a named group, outside the patterns read here");
            }
            Node inner = alternation(depth + 1);
            if (!at(')')) fail("expected ')' to close the group");
            ++i_;
            return inner;
        }
        if (c == '*' || c == '+' || c == '?' || c == '{') fail("a repeat of nothing");
        ++i_;
        if (c == '^') return make(Node::begin);
        if (c == '$') return make(Node::end);
        std::bitset<256> set;
        if (c == '.') set.set().reset('\n').reset('\r');  // ECMA-262: any character but a line terminator
        else if (c == '[') set = bracket();
        else if (c != '\\') set.set(static_cast<unsigned char>(c));
        else if (!class_escape(set)) set.set(escaped_byte());
        return set_node(set, c == '.');
    }

    // \d \w \s and their capitals into `set`, reader past them; false (nothing read) for another escape.
    bool class_escape(std::bitset<256>& set) {
        if (i_ >= p_.size()) fail("a '\\' at the end of the pattern");
        const char e = p_[i_];
        std::bitset<256> s;
        const char lower = char(e | 0x20);
        if (lower == 'd' || lower == 'w') {
            for (int b = '0'; b <= '9'; ++b) s.set(std::size_t(b));
            if (lower == 'w') {
                for (int b = 'a'; b <= 'z'; ++b) s.set(std::size_t(b)).set(std::size_t(b - 'a' + 'A'));
                s.set('_');
            }
        } else if (lower == 's') {
            for (char b : std::string_view(" \t\n\v\f\r")) s.set(static_cast<unsigned char>(b));
        } else {
            return false;
        }
        ++i_;
        set |= e == lower ? s : ~s;
        return true;
    }

    // The byte an escape other than a class stands for, reader past it.
    unsigned char escaped_byte() {
        const char e = p_[i_];
        static constexpr std::pair<char, char> controls[] = {{'n', '\n'}, {'t', '\t'}, {'r', '\r'}, {'f', '\f'}, {'v', '\v'}};
        for (const auto& [name, byte] : controls)
            if (e == name) return ++i_, static_cast<unsigned char>(byte);
        if (e == '0' && !(i_ + 1 < p_.size() && p_[i_ + 1] >= '0' && p_[i_ + 1] <= '9')) return ++i_, 0;
        if (e == 'x') {
            int value = 0;
            for (int k = 1; k <= 2; ++k) {
                const char h = i_ + std::size_t(k) < p_.size() ? char(p_[i_ + std::size_t(k)] | 0x20) : 0;
                if (!((h >= '0' && h <= '9') || (h >= 'a' && h <= 'f'))) fail("expected two hexadecimal digits after \\x");
                value = value * 16 + (h <= '9' ? h - '0' : h - 'a' + 10);
            }
            // \xE9 is the character U+00E9, two bytes in UTF-8, not the byte E9.
            if (value > 0x7F) fail("a \\x escape above \\x7f (the text is read as UTF-8); write the character itself");
            i_ += 3;
            return static_cast<unsigned char>(value);
        }
        if (e >= '1' && e <= '9') fail("a backreference, outside the patterns read here");
        const bool word = (e >= 'a' && e <= 'z') || (e >= 'A' && e <= 'Z') || (e >= '0' && e <= '9') || e == '_';
        if (word) fail(std::string("the escape \\") + e + ", outside the patterns read here");
        ++i_;
        return static_cast<unsigned char>(e);  // an escaped punctuation mark stands for itself
    }

    // A class after its '[': its members, reader past its ']'.
    std::bitset<256> bracket() {
        std::bitset<256> set;
        const bool negated = at('^');
        if (negated) ++i_;
        if (at(']')) fail("an empty class []");
        while (!at(']')) {
            int low = 0, high = 0;
            const bool single = member(set, low);
            const bool range = at('-') && i_ + 1 < p_.size() && p_[i_ + 1] != ']';
            if (range && !single) fail("a range from a class escape");
            if (!range) {
                if (single) set.set(std::size_t(low));
                continue;
            }
            ++i_;  // '-'
            if (!member(set, high)) fail("a range to a class escape");
            if (high < low) fail("a range whose end comes before its start");
            for (int b = low; b <= high; ++b) set.set(std::size_t(b));
        }
        ++i_;
        return negated ? ~set : set;
    }

    // One member of a class: true with its byte in `byte`, or false with a class escape added to `set`.
    bool member(std::bitset<256>& set, int& byte) {
        if (i_ >= p_.size()) fail("expected ']' to close the class");
        if (p_[i_] != '\\') {
            // A class holds bytes: a character outside ASCII would add its bytes one by one ([あ-ん] a range from
            // its third byte to the next one's first), so it is refused; an alternation holds it, (?:あ|い).
            if (static_cast<unsigned char>(p_[i_]) >= 0x80)
                fail("a character outside ASCII in a class (the text is read byte by byte); use (?:x|y) instead");
            byte = static_cast<unsigned char>(p_[i_++]);
            return true;
        }
        ++i_;
        if (class_escape(set)) return false;
        if (at('b')) fail("\\b in a class, outside the patterns read here");
        byte = escaped_byte();
        return true;
    }

    std::size_t push(Pattern::Op op) {
        if (out_.program_.size() >= Pattern::MaxProgram)
            throw PatternError(p_.size(), "more than " + std::to_string(Pattern::MaxProgram) +
                                              " steps once its counted repeats are written out");
        out_.program_.push_back({op});
        return out_.program_.size() - 1;
    }
    Pattern::Instruction& at_pc(std::size_t pc) { return out_.program_[pc]; }
    int here() const { return int(out_.program_.size()); }

    void emit(const Node& n) {
        switch (n.kind) {
            case Node::bytes: at_pc(push(Pattern::Op::bytes)).x = n.set; break;
            case Node::character: {
                auto& in = at_pc(push(Pattern::Op::character));
                in.x = n.set, in.y = n.dot ? 1 : 0;
                break;
            }
            case Node::begin: push(Pattern::Op::begin); break;
            case Node::end: push(Pattern::Op::end); break;
            case Node::sequence: for (const Node& k : n.kids) emit(k); break;
            case Node::choice: {
                std::vector<std::size_t> jumps;
                for (std::size_t k = 0; k < n.kids.size(); ++k) {
                    if (k + 1 == n.kids.size()) {
                        emit(n.kids[k]);
                        break;
                    }
                    const std::size_t split = push(Pattern::Op::split);
                    at_pc(split).x = int(split) + 1;
                    emit(n.kids[k]);
                    jumps.push_back(push(Pattern::Op::jump));
                    at_pc(split).y = here();
                }
                for (std::size_t j : jumps) at_pc(j).x = here();
                break;
            }
            case Node::repeat: {
                for (int k = 0; k < n.min; ++k) emit(n.kids.front());
                if (n.max == -1) {
                    const std::size_t loop = push(Pattern::Op::split);
                    at_pc(loop).x = int(loop) + 1;
                    emit(n.kids.front());
                    at_pc(push(Pattern::Op::jump)).x = int(loop);
                    at_pc(loop).y = here();
                    break;
                }
                std::vector<std::size_t> splits;
                for (int k = n.min; k < n.max; ++k) {
                    splits.push_back(push(Pattern::Op::split));
                    at_pc(splits.back()).x = here();
                    emit(n.kids.front());
                }
                for (std::size_t s : splits) at_pc(s).y = here();
                break;
            }
        }
    }

    std::string_view p_;
    Pattern& out_;
    std::size_t i_ = 0;
};

Pattern::Pattern(std::string_view source) { PatternCompiler(source, *this).compile(); }

namespace {

// The length of the UTF-8 sequence of one character at `pos` (1 for ASCII), or 0 where none stands (a stray, overlong
// or surrogate sequence, or one cut short by the text's end). With `dot`, also 0 for the line terminators U+2028 and
// U+2029, which '.' does not match (ECMA-262 LineTerminator).
std::size_t character_length(std::string_view text, std::size_t pos, bool dot) {
    const auto byte = [&](std::size_t k) { return static_cast<unsigned char>(text[pos + k]); };
    const unsigned char lead = byte(0);
    if (lead < 0x80) return 1;
    const std::size_t n = lead >= 0xC2 && lead <= 0xDF   ? 2
                          : lead >= 0xE0 && lead <= 0xEF ? 3
                          : lead >= 0xF0 && lead <= 0xF4 ? 4
                                                         : 0;
    if (n == 0 || text.size() - pos < n) return 0;
    for (std::size_t k = 1; k < n; ++k)
        if ((byte(k) & 0xC0) != 0x80) return 0;
    const unsigned char second = byte(1);
    if ((lead == 0xE0 && second < 0xA0) || (lead == 0xED && second > 0x9F) || (lead == 0xF0 && second < 0x90) ||
        (lead == 0xF4 && second > 0x8F))
        return 0;
    if (dot && lead == 0xE2 && second == 0x80 && (byte(2) == 0xA8 || byte(2) == 0xA9)) return 0;
    return n;
}

}  // namespace

bool Pattern::search(std::string_view text, std::size_t* steps) const {
    // A thread takes one byte a step, or a whole character (Op::character) of up to four bytes, so it may land up to
    // four positions ahead: five lists in turn, the one of position pos at pos % 5. marks[k][pc]: the position (plus
    // one) at which pc last joined list k, so that each joins a position's list once.
    constexpr std::size_t Lists = 5;
    std::array<std::vector<std::size_t>, Lists> marks;
    for (auto& m : marks) m.assign(program_.size(), 0);
    std::array<std::vector<int>, Lists> lists;
    std::vector<std::size_t> stack;
    std::size_t taken = 0;  // instructions run since the last charge to `steps`
    const auto add = [&](std::size_t pos, int first) {
        auto& list = lists[pos % Lists];
        auto& mark = marks[pos % Lists];
        stack.assign(1, std::size_t(first));
        while (!stack.empty()) {
            const std::size_t pc = stack.back();
            stack.pop_back();
            if (mark[pc] == pos + 1) continue;
            mark[pc] = pos + 1;
            ++taken;
            const Instruction& in = program_[pc];
            switch (in.op) {
                case Op::jump: stack.push_back(std::size_t(in.x)); break;
                case Op::split: stack.push_back(std::size_t(in.y)), stack.push_back(std::size_t(in.x)); break;
                case Op::begin: if (pos == 0) stack.push_back(pc + 1); break;
                case Op::end: if (pos == text.size()) stack.push_back(pc + 1); break;
                default: list.push_back(int(pc));
            }
        }
    };
    for (std::size_t pos = 0;; ++pos) {
        // Charged once a byte: at most the program's size more than the count given is run.
        if (steps) {
            if (taken > *steps) {
                *steps = 0;
                throw PatternCostError();
            }
            *steps -= taken;
            taken = 0;
        }
        add(pos, 0);  // a match may start at any position
        auto& current = lists[pos % Lists];
        for (int pc : current) {
            const Instruction& in = program_[std::size_t(pc)];
            if (in.op == Op::match) return true;
            if (pos == text.size()) continue;
            const unsigned char b = static_cast<unsigned char>(text[pos]);
            if (in.op == Op::bytes) {
                if (sets_[std::size_t(in.x)][b]) add(pos + 1, pc + 1);
                continue;
            }
            const std::size_t n = character_length(text, pos, in.y != 0);  // Op::character
            if (n > 1 || (n == 1 && sets_[std::size_t(in.x)][b])) add(pos + n, pc + 1);
        }
        current.clear();
        if (pos == text.size()) return false;
    }
}

}  // namespace arbiter::rulebook
