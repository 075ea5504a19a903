// JSON written piece by piece, byte for byte as nlohmann's dump(2) writes the whole document, so that a long
// output (`compare --format json` of a timeline of many entries) never holds its whole document in memory: each
// member or element is built, written and freed in turn.
#pragma once

#include <nlohmann/json.hpp>

#include <cstddef>
#include <functional>
#include <map>
#include <ostream>
#include <string>

namespace arbiter::report::json_stream {

// `value` as nlohmann's dump(indent) writes it, bytes that are not UTF-8 (a file name of Latin-1 bytes, an
// argument) written as U+FFFD: the default dump threw, and every --format json output naming such a file ended in
// a library's message instead of its document.
std::string dump(const nlohmann::json& value, int indent = -1);

// Writes one value at nesting `depth` (its first line where the caller stands, its later lines indented).
using Writer = std::function<void(std::ostream&, int depth)>;

// `value` as dump(2) writes it when it stands `depth` levels deep.
void write_value(std::ostream& out, const nlohmann::json& value, int depth);

// A Writer for a value built already (small members).
Writer value(nlohmann::json v);

// An array of `count` elements, element i written by `element(out, i, depth of the element)`.
void write_array(std::ostream& out, std::size_t count,
                 const std::function<void(std::ostream&, std::size_t, int)>& element, int depth);

// An object whose members are written in the map's order, which is the byte order of their keys, as nlohmann's
// default object (a std::map of std::string) keeps them.
void write_object(std::ostream& out, const std::map<std::string, Writer>& members, int depth);

// The members of a built object as Writers, to be joined by streamed ones.
std::map<std::string, Writer> members_of(const nlohmann::json& object);

}  // namespace arbiter::report::json_stream
