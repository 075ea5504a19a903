// The parallel audit (audit_run.h): a batch of games is filled by the calling thread, ruled by every thread taking
// the next unruled game, and emitted in order once the whole batch is done.
#include "records/audit_run.h"

#include <atomic>
#include <condition_variable>
#include <mutex>
#include <optional>
#include <stdexcept>
#include <string>
#include <system_error>
#include <thread>

namespace arbiter::procedure::audit {

namespace {

// An audit keeps a ruling's result, topic and article (AuditedGame), never the position it was given in: the runner
// need not write a FEN for each ruling.
RunOptions audit_run_options() {
    RunOptions options;
    options.ruling_positions = false;
    return options;
}

// The batch the threads are working on.
struct Batch {
    std::vector<GameTask> tasks;
    std::vector<AuditedGame> results;
    std::atomic<std::size_t> next{0};
};

// Rules games of `batch` until none is left; how many this thread ruled.
std::size_t work(Batch& batch, const rulebook::Library& library, Runner& runner, AuditHeads& heads,
                 const std::vector<std::string>& books) {
    std::size_t done = 0;
    for (;;) {
        const std::size_t i = batch.next.fetch_add(1);
        if (i >= batch.tasks.size()) return done;
        audit_game_into(batch.results[i], batch.tasks[i], library, runner, books, &heads);  // as assigned: empty
        ++done;
    }
}

}  // namespace

void run_audit(const AuditOptions& options, const rulebook::Library& library,
               const std::function<void(const AuditedGame&)>& sink,
               const std::function<void(long games, const std::string& file)>& progress) {
    const int jobs = std::max(1, options.jobs);
    GameStream stream(options.files);
    Batch batch;
    std::mutex mutex;
    std::condition_variable wake, finished;
    long generation = 0;   // incremented when a batch is ready
    bool open = false;     // helpers may join the current batch (false while the calling thread refills it)
    int active = 0;        // helpers working on the current batch
    std::size_t ruled = 0; // games of the current batch ruled so far
    bool stop = false;

    std::vector<std::thread> helpers;
    // However run_audit ends (an exception from the sink or the reader included), the helpers are stopped and
    // joined: a std::thread still joinable when destroyed would end the program.
    struct Joiner {
        std::vector<std::thread>& threads;
        std::mutex& mutex;
        std::condition_variable& wake;
        bool& stop;
        ~Joiner() {
            {
                std::lock_guard lock(mutex);
                stop = true;
            }
            wake.notify_all();
            for (auto& t : threads) t.join();
        }
    } joiner{helpers, mutex, wake, stop};
    const auto helper = [&] {
        // The runner is made at the first batch, not at the thread's start: threads stopped before any work (below)
        // allocate nothing. A helper that cannot set up (out of memory) leaves the games to the others: an exception
        // ending a thread would end the program.
        std::optional<Runner> runner;
        AuditHeads heads;
        long seen = 0;
        for (;;) {
            {
                std::unique_lock lock(mutex);
                wake.wait(lock, [&] { return stop || (open && generation != seen); });
                if (stop) return;
                seen = generation;
                ++active;
            }
            std::size_t done = 0;
            bool set_up = true;
            try {
                if (!runner) runner.emplace(library, audit_run_options());
            } catch (const std::bad_alloc&) {
                set_up = false;
            }
            if (set_up) done = work(batch, library, *runner, heads, options.rulebooks);
            std::lock_guard lock(mutex);
            ruled += done;
            --active;
            finished.notify_one();
            if (!set_up) return;
        }
    };
    // Under a process memory limit (each thread's stack is reserved address space) or a cap on threads, --jobs 1024
    // ended in a bare "Resource temporarily unavailable"; going on with the threads that started ran at the edge of
    // the memory left. The audit stops the threads it started and says how many the system allows.
    for (int t = 1; t < jobs; ++t) {
        try {
            helpers.emplace_back(helper);
        } catch (const std::system_error& e) {  // the Joiner stops and joins the threads started
            const std::size_t started = helpers.size() + 1;
            throw std::runtime_error("--jobs " + std::to_string(jobs) + ": the system let only " +
                                     std::to_string(started) + " threads start (" + e.what() +
                                     "); expected --jobs " + std::to_string(started - 1) + " or fewer");
        }
    }
    const std::size_t batch_size = std::size_t(ParallelBatch) * (helpers.size() + 1);

    Runner runner(library, audit_run_options());
    AuditHeads heads;
    long emitted = 0;
    for (bool more = true; more;) {
        batch.tasks.clear();
        for (GameTask task; batch.tasks.size() < batch_size;) {
            if (!stream.next(task)) {
                more = false;
                break;
            }
            batch.tasks.push_back(std::move(task));
        }
        if (batch.tasks.empty()) break;
        batch.results.assign(batch.tasks.size(), AuditedGame{});
        batch.next = 0;
        {
            std::lock_guard lock(mutex);
            ruled = 0;
            ++generation;
            open = true;
        }
        wake.notify_all();
        const std::size_t done = work(batch, library, runner, heads, options.rulebooks);
        {
            std::unique_lock lock(mutex);
            ruled += done;
            finished.wait(lock, [&] { return ruled == batch.tasks.size() && active == 0; });
            open = false;  // from here on no helper touches the batch until the next one is ready
        }
        for (const auto& result : batch.results) sink(result);
        emitted += long(batch.results.size());
        if (progress) progress(emitted, stream.current_file());
    }
}

}  // namespace arbiter::procedure::audit
