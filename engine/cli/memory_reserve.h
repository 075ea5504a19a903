#pragma once
// Memory kept back for the way out of an out-of-memory failure.

#include <cstddef>

namespace arbiter::cli {

// Sets aside `bytes` and installs a new-handler that gives them back at the first failed allocation and then throws
// std::bad_alloc. Destructors that run while that failure unwinds may allocate (nlohmann::json flattens a container
// into a vector to free it without recursion); without the reserve, under a process memory limit, such a destructor
// threw inside a noexcept destructor and the program aborted instead of saying the limit was reached.
void keep_memory_reserve(std::size_t bytes);

// Makes every arena of the program's allocator (jemalloc) before any thread starts (nothing without jemalloc: a
// sanitized build). Lazily made, an arena that could not be made under a process memory limit crashed the program.
void make_allocator_arenas();

}  // namespace arbiter::cli
