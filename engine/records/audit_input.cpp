// Plain, gzip and zstd input for audits (audit_input.h): one raw block read from the file, then decompressed.
#include "records/audit_input.h"

#include "core/error.h"
#include "core/record/bounded_read.h"

#include <zlib.h>
#include <zstd.h>

#include <algorithm>
#include <cctype>
#include <cstring>
#include <vector>

namespace arbiter::procedure::audit {

namespace {

// Raw bytes are read in blocks of this size; with the decompressors' own windows (32 KiB for gzip, at most 8 MiB
// for zstd at the levels archives use) this is what a stream costs in memory, whatever the file's size.
constexpr std::size_t RawBlock = std::size_t{256} << 10;

std::string lower_extension(const std::string& path) {
    const auto slash = path.find_last_of('/');
    const auto dot = path.find_last_of('.');
    if (dot == std::string::npos || (slash != std::string::npos && dot < slash)) return {};
    std::string ext = path.substr(dot);
    for (char& c : ext) c = char(std::tolower(static_cast<unsigned char>(c)));
    return ext;
}

// A regular file opened for reading through the front door (core/record/bounded_read.h), closed however the
// audit ends.
class RawFile : public core::record::InputFile {
public:
    explicit RawFile(const std::string& path) : InputFile(path, "a game record, plain, .gz or .zst") {}
};

// The bytes as they are, after the few already read to look for a magic number.
class PlainSource : public ByteSource {
public:
    PlainSource(std::unique_ptr<RawFile> file, std::string head) : file_(std::move(file)), head_(std::move(head)) {}
    std::size_t read(char* out, std::size_t capacity) override {
        if (used_ < head_.size()) {
            const std::size_t n = std::min(capacity, head_.size() - used_);
            std::memcpy(out, head_.data() + used_, n);
            used_ += n;
            return n;
        }
        return file_->read(out, capacity);
    }
    Compression compression() const override { return Compression::none; }

private:
    std::unique_ptr<RawFile> file_;
    std::string head_;
    std::size_t used_ = 0;
};

// Compressed bytes in, a block at a time: the part shared by the gzip and zstd sources.
class Compressed : public ByteSource {
protected:
    Compressed(std::unique_ptr<RawFile> file, std::string head, std::string path)
        : file_(std::move(file)), path_(std::move(path)), in_(RawBlock) {
        in_.assign(head.begin(), head.end());
        in_.resize(std::max(in_.size(), RawBlock));
        have_ = head.size();
    }
    // Refills the input block when it is used up; false at the end of the file.
    bool refill() {
        if (pos_ < have_) return true;
        consumed_ += have_;
        pos_ = 0;
        have_ = file_->read(in_.data(), in_.size());
        return have_ > 0;
    }
    // The compressed bytes read so far: the offset in the file of the next byte to decompress.
    std::uint64_t offset() const { return consumed_ + pos_; }
    // Counts `n` bytes of output of the member (gzip) or frame (zstd) that started at `member_` and refuses a member
    // that expands more than MaxCompressionRatio times once past MinRatioCheckBytes: a compression bomb (2 MB of
    // gzip holding 2 GB of spaces) stops after a few megabytes instead of being inflated to its end.
    void count_output(std::size_t n) {
        member_out_ += n;
        if (member_out_ <= MinRatioCheckBytes) return;
        const std::uint64_t in = std::max<std::uint64_t>(offset() - member_, 1);
        if (member_out_ / in < MaxCompressionRatio) return;
        const std::string kind(compression_name(compression()));
        throw InputError(
            {path_, 0, 0},
            Text{kind + " data: the " + (kind == "gzip" ? "member" : "frame") + " starting at byte " +
                     std::to_string(member_) + " expands " + std::to_string(member_out_) + " bytes from " +
                     std::to_string(in) + ", more than the limit of " + std::to_string(MaxCompressionRatio) +
                     " times its size (a compression bomb?); no option raises the limit: decompress the "
                     "file and give it plain to read it whole",
                 "圧縮データが " + std::to_string(member_) + " バイト目から元の " +
                     std::to_string(MaxCompressionRatio) +
                     " 倍を超えて展開される（圧縮爆弾か）：展開したファイルを渡せば全体を読む"});
    }
    // A new member or frame starts at the next compressed byte.
    void next_member() {
        member_ = offset();
        member_out_ = 0;
    }
    [[noreturn]] void corrupt(const std::string& what) const {
        throw InputError({path_, 0, 0}, Text{std::string(compression_name(compression())) + " data: " + what +
                                                 " (a truncated or damaged file)",
                                             "圧縮データが壊れている（途中で切れたか傷んだファイル）"});
    }

    std::unique_ptr<RawFile> file_;
    std::string path_;
    std::vector<char> in_;
    std::size_t pos_ = 0;
    std::size_t have_ = 0;
    std::uint64_t consumed_ = 0;    // compressed bytes before in_
    std::uint64_t member_ = 0;      // where the current member or frame starts
    std::uint64_t member_out_ = 0;  // its decompressed bytes so far
};

// gzip (RFC 1952) through zlib's inflate; several members one after the other (what `cat a.gz b.gz` makes) are
// read as one stream, as gunzip does.
class GzipSource : public Compressed {
public:
    GzipSource(std::unique_ptr<RawFile> file, std::string head, std::string path)
        : Compressed(std::move(file), std::move(head), std::move(path)) {
        std::memset(&z_, 0, sizeof z_);
        if (inflateInit2(&z_, 15 + 16) != Z_OK) corrupt("zlib could not start");
    }
    ~GzipSource() override { inflateEnd(&z_); }
    Compression compression() const override { return Compression::gzip; }

    std::size_t read(char* out, std::size_t capacity) override {
        std::size_t written = 0;
        while (written == 0) {
            if (!refill()) {
                if (in_member_) corrupt("the stream ends inside a member");
                return 0;
            }
            z_.next_in = reinterpret_cast<Bytef*>(in_.data() + pos_);
            z_.avail_in = uInt(have_ - pos_);
            z_.next_out = reinterpret_cast<Bytef*>(out);
            z_.avail_out = uInt(std::min<std::size_t>(capacity, 1u << 30));
            const int rc = inflate(&z_, Z_NO_FLUSH);
            pos_ = have_ - z_.avail_in;
            written = std::size_t(reinterpret_cast<char*>(z_.next_out) - out);
            in_member_ = true;
            count_output(written);
            if (rc == Z_STREAM_END) {
                in_member_ = false;
                inflateReset(&z_);
                next_member();
            } else if (rc != Z_OK && rc != Z_BUF_ERROR) {
                corrupt(z_.msg ? z_.msg : "inflate failed");
            }
        }
        return written;
    }

private:
    z_stream z_;
    bool in_member_ = false;
};

// zstd (RFC 8878) through libzstd's streaming decompressor; several frames are read as one stream.
class ZstdSource : public Compressed {
public:
    ZstdSource(std::unique_ptr<RawFile> file, std::string head, std::string path)
        : Compressed(std::move(file), std::move(head), std::move(path)), z_(ZSTD_createDStream()) {
        if (!z_) corrupt("libzstd could not start");
    }
    ~ZstdSource() override { ZSTD_freeDStream(z_); }
    Compression compression() const override { return Compression::zstd; }

    std::size_t read(char* out, std::size_t capacity) override {
        ZSTD_outBuffer o{out, capacity, 0};
        std::size_t before = 0;
        while (o.pos == 0) {
            if (!refill()) {
                if (in_frame_) corrupt("the stream ends inside a frame");
                return 0;
            }
            ZSTD_inBuffer i{in_.data(), have_, pos_};
            const std::size_t rc = ZSTD_decompressStream(z_, &o, &i);
            pos_ = i.pos;
            if (ZSTD_isError(rc)) corrupt(ZSTD_getErrorName(rc));
            count_output(o.pos - before);
            before = o.pos;
            in_frame_ = rc != 0;
            if (!in_frame_) next_member();
        }
        return o.pos;
    }

private:
    ZSTD_DStream* z_;
    bool in_frame_ = false;
};

}  // namespace

std::string_view compression_name(Compression c) {
    switch (c) {
        case Compression::gzip: return "gzip";
        case Compression::zstd: return "zstd";
        case Compression::none: break;
    }
    return "";
}

Compression compression_of_bytes(std::string_view head) {
    if (head.size() >= 2 && head[0] == '\x1f' && head[1] == '\x8b') return Compression::gzip;
    if (head.size() >= 4 && head.substr(0, 4) == std::string_view("\x28\xb5\x2f\xfd", 4)) return Compression::zstd;
    // A skippable frame (RFC 8878 3.1.2: magic 0x184D2A50 to 0x184D2A5F, little-endian) may come first, as zstd
    // itself accepts: libzstd's streaming decompressor passes over it.
    if (head.size() >= 4 && (static_cast<unsigned char>(head[0]) & 0xF0) == 0x50 &&
        head.substr(1, 3) == std::string_view("\x2a\x4d\x18", 3))
        return Compression::zstd;
    return Compression::none;
}

Compression compression_of_name(const std::string& path) {
    const std::string ext = lower_extension(path);
    if (ext == ".gz" || ext == ".gzip") return Compression::gzip;
    if (ext == ".zst" || ext == ".zstd") return Compression::zstd;
    return Compression::none;
}

std::string without_compression_extension(const std::string& path) {
    if (compression_of_name(path) == Compression::none) return path;
    return path.substr(0, path.find_last_of('.'));
}

std::unique_ptr<ByteSource> ByteSource::open(const std::string& path) {
    auto file = std::make_unique<RawFile>(path);
    std::string head(4, '\0');
    std::size_t got = 0;
    while (got < head.size()) {
        const std::size_t n = file->read(head.data() + got, head.size() - got);
        if (n == 0) break;
        got += n;
    }
    head.resize(got);
    const Compression by_bytes = compression_of_bytes(head);
    const Compression by_name = compression_of_name(path);
    if (by_name != Compression::none && by_bytes != by_name)
        throw InputError({path, 0, 0}, Text{"the name says " + std::string(compression_name(by_name)) +
                                                " but the data does not start with its magic bytes; expected a " +
                                                std::string(compression_name(by_name)) + " file",
                                            "ファイル名の圧縮形式と中身が合わない"});
    switch (by_bytes) {
        case Compression::gzip: return std::make_unique<GzipSource>(std::move(file), std::move(head), path);
        case Compression::zstd: return std::make_unique<ZstdSource>(std::move(file), std::move(head), path);
        case Compression::none: break;
    }
    return std::make_unique<PlainSource>(std::move(file), std::move(head));
}

std::string read_all(ByteSource& source, const std::string& path, std::size_t max_bytes) {
    std::string text;
    char block[65536];
    while (const std::size_t n = source.read(block, sizeof block)) {
        text.append(block, n);
        if (text.size() > max_bytes)
            throw InputError({path, 0, 0}, Text{"more than " + std::to_string(max_bytes) +
                                                    " bytes (decompressed); expected a game record file of a sane size",
                                                "展開すると " + std::to_string(max_bytes) +
                                                    " バイトを超える：棋譜のファイルとして大きすぎる"});
    }
    return text;
}

}  // namespace arbiter::procedure::audit
