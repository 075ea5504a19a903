// What the loader reads in a rulebook's hooks file as text (the Lua host in engine/procedure loads and runs it).
#pragma once

#include <string>

namespace arbiter::rulebook {

// Whether `text` has `word` as a whole identifier (not inside a longer name): a parameter the hooks read.
bool names_identifier(const std::string& text, const std::string& word);

// Whether `text` defines a function `name` ("function name(" or "name = function").
bool defines_function(const std::string& text, const std::string& name);

}  // namespace arbiter::rulebook
