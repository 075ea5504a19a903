#include "cli/memory_reserve.h"

#include <array>
#include <cstdlib>
#include <new>

#ifdef ARBITER_JEMALLOC
#include <jemalloc/jemalloc.h>

// jemalloc's options, read at its start: freed memory it purges goes back to the system (retain:false) instead of
// staying mapped for the arena that freed it. With every arena made at start (make_allocator_arenas), the reserve
// given back in one arena could not serve a destructor that allocated in another, under a process memory limit, and
// the program aborted (tests/cli/hostile_inputs_test.cpp, out_of_memory_under_a_process_limit_is_a_clear_error).
extern "C" const char* malloc_conf;
const char* malloc_conf = "retain:false";
#endif

namespace arbiter::cli {

namespace {

// Blocks below jemalloc's oversize threshold (8 MiB): a larger one is served by a separate arena that returns it to
// the system when freed, out of reach of the allocations the reserve is kept for.
constexpr std::size_t Block = 2u << 20;
std::array<void*, 32> reserve{};  // up to 64 MiB

void give_back_reserve() {
    for (void*& block : reserve) {
        std::free(block);
        block = nullptr;
    }
    std::set_new_handler(nullptr);
    throw std::bad_alloc();
}

}  // namespace

void keep_memory_reserve(std::size_t bytes) {
    bool kept = false;
    for (std::size_t k = 0; k < reserve.size() && k * Block < bytes; ++k)
        if (!reserve[k] && (reserve[k] = std::malloc(Block))) kept = true;
    if (kept) std::set_new_handler(give_back_reserve);
}

void make_allocator_arenas() {
#ifdef ARBITER_JEMALLOC
    // jemalloc makes its automatic arenas lazily, at the first allocation of the thread it gives each one to; when
    // making one fails (an audit's threads have taken most of a process limit), the allocation goes on with a null
    // arena and the program dies of SIGSEGV instead of std::bad_alloc (an audit of many threads under `ulimit -v`,
    // tests/data/hostile/README.md). Binding this thread to each arena in turn makes them all now, while memory is
    // plentiful.
    unsigned count = 0, own = 0;
    std::size_t size = sizeof count;
    if (mallctl("opt.narenas", &count, &size, nullptr, 0) != 0) return;
    size = sizeof own;
    if (mallctl("thread.arena", &own, &size, nullptr, 0) != 0) return;
    for (unsigned i = 0; i < count; ++i) mallctl("thread.arena", nullptr, nullptr, &i, sizeof i);
    mallctl("thread.arena", nullptr, nullptr, &own, sizeof own);
#endif
}

}  // namespace arbiter::cli
