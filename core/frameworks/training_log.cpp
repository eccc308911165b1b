// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#include "core/frameworks/training_log.h"

#include "core/io/json_reader.h"

#include <algorithm>
#include <charconv>
#include <climits>
#include <cmath>
#include <cstddef>
#include <cstdio>
#include <map>
#include <string_view>

// What each framework prints, as its source writes it (docs/frameworks/logs.md cites the commits):
//
// - Megatron-LM, megatron/training/training.py training_log(): " [2024-05-01 12:00:00.123456]
//   iteration      100/  500000 | consumed samples: ... | elapsed time per iteration (ms): 12345.6 |
//   throughput per GPU (TFLOP/s/GPU): 400.1 | ... | global batch size:  1024 | ... |", printed by
//   the last rank every --log-interval iterations, the time averaged over them. Older releases
//   print no timestamp and no throughput; Megatron-DeepSpeed adds "samples per second",
//   "tokens per gpu per second (tgs)" and "TFLOPs"; gpt-neox (megatron/logging.py) opens with
//   "samples/sec" and prints "approx flops per GPU: 112.9TFLOPS" and, given the GPU's peak,
//   "MFU: 34.95% | HFU: ...". Every field ends with " |", so a field without its bar
//   is one the line was cut inside. report_memory() (megatron/training/utils/common_utils.py):
//   "[Rank 0] (after 10 iterations) memory (MB) | allocated: ... | max allocated: ... |
//   reserved: ... | max reserved: ...", from every rank of the first data-parallel replica.
// - torchtitan, torchtitan/components/metrics.py MetricsProcessor.log(): "step: 10  loss:  7.1234
//   grad_norm:  1.2345  memory: 40.12GiB(50.68%)  tps: 1,234  tflops: 345.67  mfu: 34.95%" in
//   terminal colours; older releases print "wps" for tps and no tflops or grad_norm, newer ones
//   "mfu: N/A" under FP8. tps counts tokens per second per GPU; memory is max_memory_reserved().
//   "validate step:" lines are the validation loop's.
// - DeepSpeed, deepspeed/utils/timer.py ThroughputTimer.stop(): "epoch=0/micro_step=100/
//   global_step=100, RunningAvgSamplesPerSec=..., CurrSamplesPerSec=..., MemAllocated=...GB,
//   MaxMemAllocated=...GB" every steps_per_print global steps, CurrSamplesPerSec = the global
//   batch over that step's time. Before 0.7.6 the line opened "0/100, " with the micro step
//   (counted afresh each epoch), and before 0.7.0 it printed a running average "SamplesPerSec"
//   alone. The pipeline engine (deepspeed/runtime/pipe/engine.py) prints "steps: 100 loss: 2.3456
//   iter time (s): 1.234 samples/sec: 103.7".
namespace paraplan::frameworks {

namespace {

using std::string_view;

// Bounds beyond which a figure is corrupt rather than measured: a step of 11 days, a GPU at
// 100 PFLOP/s (ten times a B200's dense FP4 peak), 10^12 samples or tokens per second, a million GiB.
constexpr double kMaxStepS = 1e6;
constexpr double kMaxTflopsPerGpu = 1e5;
constexpr double kMaxRate = 1e12;
constexpr double kMaxMemoryGib = 1e6;
constexpr double kMaxMfu = 10; // torchtitan divides by a guessed peak, which can be too low
// Notes past this many are counted, not kept: a corrupt log of a million lines must not make a
// million notes.
constexpr size_t kMaxNotes = 30;
// Megatron prints memory in MB of 2^20 bytes (DeepSpeed in GB of 2^30, GiB as they are).
constexpr double kMibPerGib = 1024;

bool isDigit(char c) { return c >= '0' && c <= '9'; }
bool isBlank(char c) { return c == ' ' || c == '\t'; }
bool isWordCharacter(char c) { return isDigit(c) || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_'; }

string_view trimmed(string_view text)
{
    while (!text.empty() && isBlank(text.front()))
        text.remove_prefix(1);
    while (!text.empty() && isBlank(text.back()))
        text.remove_suffix(1);
    return text;
}

bool endsWith(string_view text, string_view suffix)
{
    return text.size() >= suffix.size() && text.substr(text.size() - suffix.size()) == suffix;
}

std::string formatted(double value, int decimals)
{
    char buffer[64];
    std::snprintf(buffer, sizeof buffer, "%.*f", decimals, value);
    return buffer;
}

std::string lineName(int line) { return "line " + std::to_string(line); }

class NoteList {
public:
    explicit NoteList(std::vector<std::string>& notes)
        : m_notes(notes)
    {
    }
    void add(std::string note)
    {
        if (m_notes.size() < kMaxNotes)
            m_notes.push_back(std::move(note));
        else
            ++m_dropped;
    }
    void finish()
    {
        if (m_dropped > 0)
            m_notes.push_back("and " + std::to_string(m_dropped) + " more notes");
    }

private:
    std::vector<std::string>& m_notes;
    size_t m_dropped = 0;
};

// ---- Numbers, as Python prints them ----

// "5361.6", "1.420000E-05", "58.730622229657506"; not "nan", "inf" or hex, and nothing that
// overflows a double ("1e999").
std::optional<double> decimalIn(string_view token)
{
    if (token.empty() || token.size() > 64)
        return std::nullopt;
    for (char c : token)
        if (!isDigit(c) && c != '.' && c != 'e' && c != 'E' && c != '+' && c != '-')
            return std::nullopt;
    double value = 0;
    const auto [end, error] = std::from_chars(token.data(), token.data() + token.size(), value);
    if (error != std::errc() || end != token.data() + token.size() || !std::isfinite(value))
        return std::nullopt;
    return value;
}

// With Python's thousands separators, as torchtitan prints tps ("10,050") and tflops ("1,234.56").
std::optional<double> groupedDecimalIn(string_view token)
{
    const size_t point = std::min(token.find('.'), token.size());
    const string_view whole = token.substr(0, point);
    if (whole.find(',') == string_view::npos)
        return decimalIn(token);
    // The first group has one to three digits, every later one three.
    std::string digits;
    for (size_t begin = 0;;) {
        const size_t comma = whole.find(',', begin);
        const string_view group = whole.substr(begin, comma == string_view::npos ? string_view::npos : comma - begin);
        const bool sized = begin == 0 ? !group.empty() && group.size() <= 3 : group.size() == 3;
        if (!sized || !std::all_of(group.begin(), group.end(), isDigit))
            return std::nullopt;
        digits += group;
        if (comma == string_view::npos)
            break;
        begin = comma + 1;
    }
    digits += token.substr(point);
    return decimalIn(digits);
}

// An iteration count: digits alone, at most 15 of them (well inside int64).
std::optional<int64_t> countIn(string_view token)
{
    if (token.empty() || token.size() > 15 || !std::all_of(token.begin(), token.end(), isDigit))
        return std::nullopt;
    int64_t value = 0;
    std::from_chars(token.data(), token.data() + token.size(), value);
    return value;
}

std::optional<double> withinBounds(std::optional<double> value, double low, double high, bool lowIncluded)
{
    if (!value || *value > high || *value < low || (!lowIncluded && *value == low))
        return std::nullopt;
    return value;
}

// "34.95%" as 0.3495.
std::optional<double> fractionOfPercentIn(string_view token)
{
    const std::optional<double> percent = endsWith(token, "%") ? decimalIn(token.substr(0, token.size() - 1)) : std::nullopt;
    return percent ? std::optional(*percent / 100) : std::nullopt;
}

// ---- Lines ----

struct LogLine {
    std::string text; // terminal codes and the launcher's prefix removed
    int number = 0;
    std::optional<int64_t> rank; // from the launcher's prefix
    bool complete = true;        // false: the text ends inside this line, so its end may be cut
};

// Removes terminal escapes (ESC [ ... final byte, ESC ] ... BEL or ESC \, other ESC pairs) and
// the SGR remnants a log keeps when it is pasted without its ESC bytes ("[32m"); other control
// characters become spaces, so binary garbage cannot glue a key to a value.
std::string printableText(string_view raw)
{
    std::string text;
    text.reserve(raw.size());
    for (size_t i = 0; i < raw.size(); ++i) {
        const char c = raw[i];
        if (c == '\x1b' && i + 1 < raw.size()) {
            const char kind = raw[++i];
            if (kind == '[') {
                while (i + 1 < raw.size() && !(raw[i + 1] >= '@' && raw[i + 1] <= '~'))
                    ++i;
                ++i; // the final byte
            } else if (kind == ']') {
                while (i + 1 < raw.size() && raw[i + 1] != '\a' && raw[i + 1] != '\x1b')
                    ++i;
                i += i + 1 < raw.size() && raw[i + 1] == '\a' ? 1 : 2; // BEL, or ESC backslash
            }
            continue;
        }
        if (c == '[') {
            size_t end = i + 1;
            while (end < raw.size() && (isDigit(raw[end]) || raw[end] == ';'))
                ++end;
            if (end > i + 1 && end < raw.size() && raw[end] == 'm') {
                i = end;
                continue;
            }
        }
        const auto byte = static_cast<unsigned char>(c);
        text += byte < 0x20 || byte == 0x7f ? ' ' : c;
    }
    return text;
}

// The digits at `at` in `text`, up to `maxDigits` of them, and where they end.
std::optional<std::pair<int64_t, size_t>> digitsAt(string_view text, size_t at, size_t maxDigits)
{
    size_t end = at;
    while (end < text.size() && isDigit(text[end]) && end - at < maxDigits + 1)
        ++end;
    const std::optional<int64_t> value = countIn(text.substr(at, end - at));
    if (!value || end - at > maxDigits)
        return std::nullopt;
    return std::pair{ *value, end };
}

// The prefix a launcher puts before each line of a rank: torchrun --tee's "[rank3]:" and
// "[default3]:", srun --label's "3: " and Open MPI --tag-output's "[1,3]<stdout>:". Removes it and
// returns the rank.
std::optional<int64_t> takeLauncherPrefix(std::string& text)
{
    size_t at = 0;
    while (at < text.size() && isBlank(text[at]))
        ++at;
    const string_view view(text);
    const auto take = [&](int64_t rank, size_t end) {
        text.erase(0, end);
        return std::optional(rank);
    };
    for (string_view opening : { string_view("[rank"), string_view("[default") })
        if (view.substr(at, opening.size()) == opening)
            if (const auto rank = digitsAt(view, at + opening.size(), 9); rank && view.substr(rank->second, 2) == "]:")
                return take(rank->first, rank->second + 2);
    if (view.substr(at, 1) == "[")
        if (const auto job = digitsAt(view, at + 1, 9); job && view.substr(job->second, 1) == ",")
            if (const auto rank = digitsAt(view, job->second + 1, 9))
                for (string_view stream : { string_view("]<stdout>:"), string_view("]<stderr>:") })
                    if (view.substr(rank->second, stream.size()) == stream)
                        return take(rank->first, rank->second + stream.size());
    if (const auto rank = digitsAt(view, at, 9); rank && view.substr(rank->second, 1) == ":"
        && (rank->second + 1 == view.size() || isBlank(view[rank->second + 1])))
        return take(rank->first, rank->second + 1);
    return std::nullopt;
}

// Calls visit(LogLine) for each line of `text`. A progress bar redraws its line after a '\r': each
// part is what the terminal showed at one time, and all are read.
template <typename Visit>
void forEachLine(const std::string& text, Visit visit)
{
    int number = 0;
    for (size_t begin = 0; begin < text.size();) {
        size_t end = text.find('\n', begin);
        const bool terminated = end != std::string::npos;
        if (!terminated)
            end = text.size();
        if (number == INT_MAX)
            throw io::ReadError("(file)", "more lines than a log can be read with; give a part of it");
        ++number;
        const string_view physical(text.data() + begin, end - begin);
        for (size_t partBegin = 0;;) {
            const size_t carriageReturn = physical.find('\r', partBegin);
            const bool lastPart = carriageReturn == string_view::npos;
            const string_view part = physical.substr(partBegin, (lastPart ? physical.size() : carriageReturn) - partBegin);
            if (!trimmed(part).empty()) {
                LogLine line{ printableText(part), number, std::nullopt, terminated || !lastPart };
                line.rank = takeLauncherPrefix(line.text);
                visit(line);
            }
            if (lastPart)
                break;
            partBegin = carriageReturn + 1;
        }
        begin = end + 1;
    }
}

// The word `key` at or after `from`, as a whole word (not inside "xtps:"), or npos.
size_t findKey(string_view text, string_view key, size_t from = 0)
{
    for (size_t at = text.find(key, from); at != string_view::npos; at = text.find(key, at + 1))
        if (at == 0 || !isWordCharacter(text[at - 1]))
            return at;
    return string_view::npos;
}

// The value after `key`: the blank-separated token that follows it.
struct Token {
    string_view text;
    bool mayBeCut = false; // it runs to the end of a line the text ends inside
};

std::optional<Token> tokenAfter(const LogLine& line, string_view key, size_t from = 0)
{
    const string_view text(line.text);
    const size_t at = findKey(text, key, from);
    if (at == string_view::npos)
        return std::nullopt;
    size_t begin = at + key.size();
    while (begin < text.size() && isBlank(text[begin]))
        ++begin;
    size_t end = begin;
    while (end < text.size() && !isBlank(text[end]))
        ++end;
    return Token{ text.substr(begin, end - begin), end == text.size() && !line.complete };
}

// ---- What a line gives ----

// A line that names a step of some format, read or not.
struct Candidate {
    LogFormat format = LogFormat::Megatron;
    int line = 0;
    std::optional<int64_t> rank;
    std::optional<LogStep> step; // empty: unreadable, for `problem`
    std::string problem;
    std::vector<std::string> fieldProblems; // figures left out of a step that was read
    std::optional<double> reservedGib, allocatedGib;
    bool pipelineEngine = false;    // DeepSpeed's "steps: ... iter time (s)" line
    std::optional<int64_t> epoch;   // DeepSpeed before 0.7.6, whose step count restarts each epoch
    bool runningAverage = false;    // DeepSpeed before 0.7.0: a running average, not the step's own
};

struct MemoryReport {
    int line = 0;
    std::optional<double> reservedGib, allocatedGib;
};

Candidate candidateOf(LogFormat format, const LogLine& line)
{
    Candidate c;
    c.format = format;
    c.line = line.number;
    c.rank = line.rank;
    return c;
}

void fail(Candidate& c, std::string problem) { c.problem = std::move(problem); }

// ---- Megatron-LM and its forks ----

// "iteration      100/  500000 |": the iteration, where the line has the field.
std::optional<int64_t> megatronIteration(string_view text)
{
    for (size_t at = findKey(text, "iteration"); at != string_view::npos; at = findKey(text, "iteration", at + 1)) {
        size_t i = at + 9;
        const size_t afterWord = i;
        while (i < text.size() && isBlank(text[i]))
            ++i;
        if (i == afterWord)
            continue;
        const auto iteration = digitsAt(text, i, 15);
        if (!iteration)
            continue;
        i = iteration->second;
        while (i < text.size() && isBlank(text[i]))
            ++i;
        if (i >= text.size() || text[i] != '/')
            continue;
        ++i;
        while (i < text.size() && isBlank(text[i]))
            ++i;
        const auto total = digitsAt(text, i, 15);
        if (!total)
            continue;
        i = total->second;
        while (i < text.size() && isBlank(text[i]))
            ++i;
        if (i < text.size() && text[i] == '|')
            return iteration->first;
    }
    return std::nullopt;
}

// The "key: value" fields of a Megatron line: each ends with '|', so the text after the last bar
// is no field (or one cut short).
std::vector<std::pair<string_view, string_view>> barFields(string_view text, bool lastFieldUnbarred)
{
    std::vector<std::pair<string_view, string_view>> fields;
    size_t begin = 0;
    while (begin <= text.size()) {
        size_t bar = text.find('|', begin);
        if (bar == string_view::npos) {
            if (!lastFieldUnbarred)
                break;
            bar = text.size();
        }
        const string_view piece = text.substr(begin, bar - begin);
        const size_t colon = piece.rfind(':');
        if (colon != string_view::npos)
            fields.emplace_back(trimmed(piece.substr(0, colon)), trimmed(piece.substr(colon + 1)));
        begin = bar + 1;
    }
    return fields;
}

// Whether a field's key is `name`; the first field may carry the timestamp before it.
bool isKey(string_view key, string_view name, bool first)
{
    return key == name || (first && endsWith(key, name) && key.size() > name.size()
                            && (isBlank(key[key.size() - name.size() - 1]) || key[key.size() - name.size() - 1] == ']'));
}

// gpt-neox's human_readable_flops() (megatron/logging.py): "%3.1f" and a unit from FLOPS to
// PFLOPS, as TFLOP/s.
std::optional<double> gptNeoxTflopsIn(string_view value)
{
    static const std::pair<string_view, double> kUnits[] = {
        { "PFLOPS", 1e3 }, { "TFLOPS", 1 }, { "GFLOPS", 1e-3 }, { "MFLOPS", 1e-6 }, { "KFLOPS", 1e-9 },
    };
    for (const auto& [unit, tera] : kUnits)
        if (endsWith(value, unit)) {
            const std::optional<double> number = decimalIn(value.substr(0, value.size() - unit.size()));
            return number ? std::optional(*number * tera) : std::nullopt;
        }
    return std::nullopt;
}

std::optional<Candidate> readMegatronLine(const LogLine& line)
{
    const std::optional<int64_t> iteration = megatronIteration(line.text);
    if (!iteration)
        return std::nullopt;
    Candidate c = candidateOf(LogFormat::Megatron, line);
    LogStep step;
    step.iteration = *iteration;
    step.line = line.number;
    const auto fields = barFields(line.text, false);
    bool hasElapsed = false;
    for (size_t i = 0; i < fields.size(); ++i) {
        const auto [key, value] = fields[i];
        const auto is = [&](string_view name) { return isKey(key, name, i == 0); };
        // A figure within its bounds, else left out with a note naming it.
        const auto read = [&](string_view name, std::optional<double> parsed, double high, bool zeroAllowed,
                              std::optional<double>& into) {
            into = withinBounds(parsed, 0, high, zeroAllowed);
            if (!into)
                c.fieldProblems.push_back(std::string(name) + " is not a number from 0 to " + formatted(high, 0));
        };
        if (is("elapsed time per iteration (ms)")) {
            hasElapsed = true;
            const std::optional<double> ms = decimalIn(value);
            step.stepS = withinBounds(ms ? std::optional(*ms / 1000) : std::nullopt, 0, kMaxStepS, false);
        } else if (is("throughput per GPU (TFLOP/s/GPU)")) {
            read("throughput per GPU (TFLOP/s/GPU)", decimalIn(value), kMaxTflopsPerGpu, true, step.tflopsPerGpu);
        } else if (is("TFLOPs")) { // Megatron-DeepSpeed
            read("TFLOPs", decimalIn(value), kMaxTflopsPerGpu, true, step.tflopsPerGpu);
        } else if (is("approx flops per GPU")) { // gpt-neox
            read("approx flops per GPU", gptNeoxTflopsIn(value), kMaxTflopsPerGpu, true, step.tflopsPerGpu);
        } else if (is("MFU")) { // gpt-neox
            read("MFU", fractionOfPercentIn(value), kMaxMfu, true, step.mfu);
        } else if (is("samples per second") || is("samples/sec")) { // Megatron-DeepSpeed, gpt-neox
            read("samples per second", decimalIn(value), kMaxRate, false, step.samplesPerS);
        } else if (is("tokens per gpu per second (tgs)")) { // Megatron-DeepSpeed
            read("tokens per gpu per second", decimalIn(value), kMaxRate, false, step.tokensPerGpuS);
        } else if (is("global batch size")) {
            step.globalBatch = countIn(value);
            if (!step.globalBatch || *step.globalBatch == 0) {
                step.globalBatch.reset();
                c.fieldProblems.emplace_back("global batch size is not a positive whole number");
            }
        }
    }
    const std::string which = "iteration " + std::to_string(*iteration);
    if (!hasElapsed)
        fail(c, which + " has no \"elapsed time per iteration (ms)\" (is the line cut short?)");
    else if (!step.stepS)
        fail(c, which + ": the elapsed time per iteration is not a positive number of milliseconds below "
                    + formatted(kMaxStepS * 1000, 0));
    else
        c.step = step;
    return c;
}

// "[Rank 0] (after 10 iterations) memory (MB) | allocated: ... | max allocated: ... | reserved:
// ... | max reserved: ..."; older releases and gpt-neox print it without "[Rank 0]".
std::optional<MemoryReport> readMegatronMemory(const LogLine& line)
{
    const string_view text(line.text);
    const size_t title = text.find("memory (MB)");
    const size_t firstBar = text.find('|');
    if (title == string_view::npos || firstBar == string_view::npos || firstBar < title)
        return std::nullopt;
    MemoryReport report;
    report.line = line.number;
    const auto fields = barFields(text.substr(firstBar + 1), line.complete);
    for (const auto& [key, value] : fields) {
        const std::optional<double> mib = withinBounds(decimalIn(value), 0, kMaxMemoryGib * kMibPerGib, true);
        const std::optional<double> gib = mib ? std::optional(*mib / kMibPerGib) : std::nullopt;
        if (key == "max reserved")
            report.reservedGib = gib;
        else if (key == "max allocated")
            report.allocatedGib = gib;
    }
    return report;
}

// ---- torchtitan ----

std::optional<Candidate> readTorchtitanLine(const LogLine& line)
{
    const string_view text(line.text);
    size_t at = findKey(text, "step:");
    while (at != string_view::npos && at >= 9 && text.substr(at - 9, 9) == "validate ")
        at = findKey(text, "step:", at + 1);
    if (at == string_view::npos || findKey(text, "loss:", at) == string_view::npos)
        return std::nullopt;
    Candidate c = candidateOf(LogFormat::Torchtitan, line);
    const std::optional<Token> stepToken = tokenAfter(line, "step:", at);
    const std::optional<int64_t> iteration = stepToken && !stepToken->mayBeCut ? countIn(stepToken->text) : std::nullopt;
    if (!iteration) {
        fail(c, "the step number after \"step:\" is not a whole number");
        return c;
    }
    LogStep step;
    step.iteration = *iteration;
    step.line = line.number;
    const std::string which = "step " + std::to_string(*iteration);

    // tps (wps before torchtitan's 2024-11 rename): tokens per second per GPU.
    std::optional<Token> tps = tokenAfter(line, "tps:", at);
    if (!tps)
        tps = tokenAfter(line, "wps:", at);
    if (!tps) {
        fail(c, which + " has no \"tps:\" (is the line cut short?)");
        return c;
    }
    step.tokensPerGpuS = tps->mayBeCut ? std::nullopt : withinBounds(groupedDecimalIn(tps->text), 0, kMaxRate, false);
    if (!step.tokensPerGpuS) {
        fail(c, which + ": tps is not a positive number" + (tps->mayBeCut ? " (the log ends inside it)" : ""));
        return c;
    }
    if (const std::optional<Token> tflops = tokenAfter(line, "tflops:", at)) {
        step.tflopsPerGpu = tflops->mayBeCut ? std::nullopt
                                             : withinBounds(groupedDecimalIn(tflops->text), 0, kMaxTflopsPerGpu, true);
        if (!step.tflopsPerGpu)
            c.fieldProblems.emplace_back("tflops is not a number from 0 to " + formatted(kMaxTflopsPerGpu, 0));
    }
    if (const std::optional<Token> mfu = tokenAfter(line, "mfu:", at); mfu && mfu->text != "N/A") {
        step.mfu = withinBounds(fractionOfPercentIn(mfu->text), 0, kMaxMfu, true);
        if (!step.mfu)
            c.fieldProblems.emplace_back("mfu is not a percentage");
    }
    // "40.12GiB(50.68%)": the peak reserved since the previous line.
    if (const std::optional<Token> memory = tokenAfter(line, "memory:", at)) {
        const size_t unit = memory->text.find("GiB");
        c.reservedGib = withinBounds(unit == string_view::npos ? std::nullopt : decimalIn(memory->text.substr(0, unit)),
                                     0, kMaxMemoryGib, true);
        if (!c.reservedGib)
            c.fieldProblems.emplace_back("memory is not a number of GiB");
    }
    c.step = step;
    return c;
}

// ---- DeepSpeed ----

// "epoch=0/micro_step=100/global_step=100" (0.7.6 on) or "0/100" (the micro step, before).
bool readDeepSpeedStepCounter(string_view counter, Candidate& c, LogStep& step)
{
    if (counter.substr(0, 6) == "epoch=") {
        const size_t global = counter.find("/global_step=");
        const std::optional<int64_t> iteration
            = global == string_view::npos ? std::nullopt : countIn(counter.substr(global + 13));
        if (!iteration)
            return false;
        step.iteration = *iteration;
        return true;
    }
    const size_t slash = counter.find('/');
    const std::optional<int64_t> epoch = countIn(counter.substr(0, std::min(slash, counter.size())));
    const std::optional<int64_t> micro = slash == string_view::npos ? std::nullopt : countIn(counter.substr(slash + 1));
    if (!epoch || !micro)
        return false;
    c.epoch = epoch;
    step.iteration = *micro;
    return true;
}

std::optional<Candidate> readDeepSpeedTimerLine(const LogLine& line)
{
    const string_view text(line.text);
    const size_t key = text.find("SamplesPerSec=");
    if (key == string_view::npos)
        return std::nullopt;
    Candidate c = candidateOf(LogFormat::DeepSpeed, line);
    size_t fieldsBegin = key;
    while (fieldsBegin > 0 && !isBlank(text[fieldsBegin - 1]))
        --fieldsBegin;
    size_t counterEnd = fieldsBegin;
    while (counterEnd > 0 && isBlank(text[counterEnd - 1]))
        --counterEnd;
    size_t counterBegin = counterEnd;
    while (counterBegin > 0 && !isBlank(text[counterBegin - 1]))
        --counterBegin;
    string_view counter = text.substr(counterBegin, counterEnd - counterBegin);
    LogStep step;
    step.line = line.number;
    if (counter.empty() || counter.back() != ',' || !readDeepSpeedStepCounter(counter.substr(0, counter.size() - 1), c, step)) {
        fail(c, "no step counter (\"epoch=E/micro_step=M/global_step=G,\" or \"E/S,\") before the samples per second");
        return c;
    }
    std::optional<double> current, running;
    bool rateCut = false; // the text ends inside a samples-per-second figure
    const string_view fields = text.substr(fieldsBegin);
    for (size_t begin = 0; begin < fields.size();) {
        const size_t comma = std::min(fields.find(',', begin), fields.size());
        const string_view field = trimmed(fields.substr(begin, comma - begin));
        const bool mayBeCut = comma == fields.size() && !line.complete;
        const size_t equals = field.find('=');
        const string_view name = field.substr(0, std::min(equals, field.size()));
        const string_view value = equals == string_view::npos ? string_view() : field.substr(equals + 1);
        const bool rate = name == "CurrSamplesPerSec" || name == "RunningAvgSamplesPerSec" || name == "SamplesPerSec";
        if (rate && mayBeCut)
            rateCut = true;
        else if (name == "CurrSamplesPerSec")
            current = withinBounds(decimalIn(value), 0, kMaxRate, false);
        else if (rate)
            running = withinBounds(decimalIn(value), 0, kMaxRate, false);
        else if (name == "MaxMemAllocated") {
            const bool gigabytes = endsWith(value, "GB");
            c.allocatedGib = withinBounds(gigabytes ? decimalIn(value.substr(0, value.size() - 2)) : std::nullopt, 0,
                                          kMaxMemoryGib, true);
            if (!c.allocatedGib)
                c.fieldProblems.emplace_back("MaxMemAllocated is not a number of GB");
        }
        begin = comma + 1;
    }
    const std::string which = "global step " + std::to_string(step.iteration);
    if (rateCut) {
        fail(c, which + ": the log ends inside its samples per second");
        return c;
    }
    step.samplesPerS = current ? current : running;
    c.runningAverage = !current && running;
    if (!step.samplesPerS) {
        fail(c, which + ": the samples per second are not a positive number (is the line cut short?)");
        return c;
    }
    c.step = step;
    return c;
}

std::optional<Candidate> readDeepSpeedPipelineLine(const LogLine& line)
{
    const size_t at = findKey(line.text, "steps:");
    if (at == string_view::npos || findKey(line.text, "iter time (s):", at) == string_view::npos)
        return std::nullopt;
    Candidate c = candidateOf(LogFormat::DeepSpeed, line);
    c.pipelineEngine = true;
    const std::optional<Token> stepToken = tokenAfter(line, "steps:", at);
    const std::optional<int64_t> iteration = stepToken ? countIn(stepToken->text) : std::nullopt;
    if (!iteration) {
        fail(c, "the step number after \"steps:\" is not a whole number");
        return c;
    }
    LogStep step;
    step.iteration = *iteration;
    step.line = line.number;
    const std::optional<Token> time = tokenAfter(line, "iter time (s):", at);
    step.stepS = time && !time->mayBeCut ? withinBounds(decimalIn(time->text), 0, kMaxStepS, false) : std::nullopt;
    if (!step.stepS) {
        fail(c, "step " + std::to_string(*iteration) + ": the iter time is not a positive number of seconds");
        return c;
    }
    if (const std::optional<Token> rate = tokenAfter(line, "samples/sec:", at)) {
        step.samplesPerS = rate->mayBeCut ? std::nullopt : withinBounds(decimalIn(rate->text), 0, kMaxRate, false);
        if (!step.samplesPerS)
            c.fieldProblems.emplace_back("samples/sec is not a positive number");
    }
    c.step = step;
    return c;
}

// ---- Choosing and folding ----

const LogFormat kFormatsByPrecedence[] = { LogFormat::Megatron, LogFormat::Torchtitan, LogFormat::DeepSpeed };

const char* displayName(LogFormat format)
{
    switch (format) {
    case LogFormat::Megatron:
        return "Megatron-LM";
    case LogFormat::Torchtitan:
        return "torchtitan";
    case LogFormat::DeepSpeed:
        return "DeepSpeed";
    }
    return "Megatron-LM";
}

std::string stepLineDescription(LogFormat format)
{
    switch (format) {
    case LogFormat::Megatron:
        return "Megatron-LM iteration line (\"iteration N/ M | ... | elapsed time per iteration (ms): ... |\")";
    case LogFormat::Torchtitan:
        return "torchtitan metrics line (\"step: N  loss: ...  tps: ...\")";
    case LogFormat::DeepSpeed:
        return "DeepSpeed throughput line (\"..., CurrSamplesPerSec=...\" or \"steps: N ... iter time (s): ...\")";
    }
    return "";
}

std::optional<LogFormat> chosenFormat(const std::vector<Candidate>& candidates)
{
    for (LogFormat format : kFormatsByPrecedence)
        if (std::any_of(candidates.begin(), candidates.end(),
                        [&](const Candidate& c) { return c.format == format && c.step; }))
            return format;
    return std::nullopt;
}

[[noreturn]] void failWithoutSteps(const std::vector<Candidate>& candidates, std::optional<LogFormat> format)
{
    for (const Candidate& c : candidates)
        if (!format || c.format == *format)
            io::failAtLine(c.line, c.problem + "; no other " + displayName(c.format) + " step line can be read either");
    if (format) {
        std::string others;
        for (LogFormat other : kFormatsByPrecedence)
            if (std::any_of(candidates.begin(), candidates.end(), [&](const Candidate& c) { return c.format == other; }))
                others += std::string(others.empty() ? "" : ", ") + toString(other);
        throw io::ReadError("(file)", "no " + stepLineDescription(*format)
                                          + (others.empty() ? std::string(": is this a training log?")
                                                            : "; the log has " + others + " lines: read it as that"));
    }
    throw io::ReadError("(file)", "no " + stepLineDescription(LogFormat::Megatron) + ", "
                                      + stepLineDescription(LogFormat::Torchtitan) + " or "
                                      + stepLineDescription(LogFormat::DeepSpeed) + ": is this a training log?");
}

// One step per iteration: the highest rank's line, else the last printed.
std::vector<LogStep> foldedByIteration(const std::vector<const Candidate*>& chosen, NoteList& notes)
{
    std::map<int64_t, const Candidate*> byIteration;
    size_t repeats = 0;
    std::optional<int64_t> previous;
    bool backwardsNoted = false;
    for (const Candidate* c : chosen) {
        const int64_t iteration = c->step->iteration;
        if (previous && iteration < *previous && !backwardsNoted) {
            notes.add(lineName(c->line) + ": the iteration goes back from " + std::to_string(*previous) + " to "
                      + std::to_string(iteration) + " (a restarted run, or ranks printing out of step)");
            backwardsNoted = true;
        }
        previous = iteration;
        auto [at, inserted] = byIteration.emplace(iteration, c);
        if (inserted)
            continue;
        ++repeats;
        if (c->rank.value_or(-1) >= at->second->rank.value_or(-1))
            at->second = c;
    }
    if (repeats > 0)
        notes.add(std::to_string(repeats) + " lines repeat an iteration already logged (several ranks print it, or "
                  + "a run restarted): each iteration keeps the line of the highest rank its prefix names, else the "
                    "last printed");
    std::vector<LogStep> steps;
    steps.reserve(byIteration.size());
    for (const auto& [iteration, c] : byIteration)
        steps.push_back(*c->step);
    return steps;
}

// DeepSpeed lines of one kind: the pipeline engine's (they state the step time) where there are
// any, else the throughput timer's of the first epoch (before 0.7.6 the count restarts each epoch).
std::vector<const Candidate*> deepSpeedLinesToUse(std::vector<const Candidate*> lines, NoteList& notes)
{
    const bool pipeline = std::any_of(lines.begin(), lines.end(), [](const Candidate* c) { return c->pipelineEngine; });
    if (pipeline) {
        const auto timer
            = std::stable_partition(lines.begin(), lines.end(), [](const Candidate* c) { return c->pipelineEngine; });
        if (timer != lines.end())
            notes.add(std::to_string(lines.end() - timer) + " throughput-timer lines left out: the pipeline engine's "
                      + "\"iter time (s)\" lines state the step time");
        lines.erase(timer, lines.end());
        return lines;
    }
    const std::optional<int64_t> firstEpoch = lines.front()->epoch;
    const auto later = std::stable_partition(lines.begin(), lines.end(),
                                             [&](const Candidate* c) { return c->epoch == firstEpoch; });
    if (later != lines.end())
        notes.add(lineName((*later)->line) + ": a later epoch restarts DeepSpeed's step count (before 0.7.6 it counts "
                  + "micro steps per epoch); its " + std::to_string(lines.end() - later) + " lines are left out");
    lines.erase(later, lines.end());
    if (firstEpoch)
        notes.add("steps are DeepSpeed's micro steps (\"E/S\" lines, before 0.7.6), not global steps");
    if (std::any_of(lines.begin(), lines.end(), [](const Candidate* c) { return c->runningAverage; }))
        notes.add("DeepSpeed printed a running average of samples per second since its second step (before 0.7.0), "
                  "not each step's own: the steady state comes from that average");
    return lines;
}

} // namespace

const char* toString(LogFormat format)
{
    switch (format) {
    case LogFormat::Megatron:
        return "megatron";
    case LogFormat::Torchtitan:
        return "torchtitan";
    case LogFormat::DeepSpeed:
        return "deepspeed";
    }
    return "megatron";
}

TrainingLog readTrainingLog(const std::string& text, std::optional<LogFormat> format)
{
    std::vector<Candidate> candidates;
    std::vector<MemoryReport> memoryReports;
    forEachLine(text, [&](const LogLine& line) {
        for (auto read : { readMegatronLine, readTorchtitanLine, readDeepSpeedTimerLine, readDeepSpeedPipelineLine })
            if (std::optional<Candidate> c = read(line))
                candidates.push_back(std::move(*c));
        if (std::optional<MemoryReport> report = readMegatronMemory(line))
            memoryReports.push_back(*report);
    });

    const std::optional<LogFormat> chosen = format ? format : chosenFormat(candidates);
    std::vector<const Candidate*> lines;
    for (const Candidate& c : candidates)
        if (chosen && c.format == *chosen && c.step)
            lines.push_back(&c);
    if (lines.empty())
        failWithoutSteps(candidates, format);

    TrainingLog log;
    log.format = *chosen;
    NoteList notes(log.notes);
    for (const Candidate& c : candidates) {
        if (c.format != *chosen)
            continue;
        if (!c.step)
            notes.add(lineName(c.line) + ": " + c.problem + "; left out");
        for (const std::string& problem : c.fieldProblems)
            notes.add(lineName(c.line) + ": " + problem + "; that figure is left out");
    }
    for (LogFormat other : kFormatsByPrecedence) {
        const auto count = std::count_if(candidates.begin(), candidates.end(),
                                         [&](const Candidate& c) { return c.format == other && c.step; });
        if (other != *chosen && count > 0)
            notes.add(std::to_string(count) + " " + displayName(other) + " step lines left out: the log is read as "
                      + displayName(*chosen) + "'s (read it as " + toString(other) + " for them)");
    }
    // Memory from every readable line of the format, those whose steps are left out included.
    const auto raisePeak = [](std::optional<double>& peak, std::optional<double> value) {
        if (value && (!peak || *value > *peak))
            peak = value;
    };
    for (const Candidate* c : lines) {
        raisePeak(log.peakReservedGib, c->reservedGib);
        raisePeak(log.peakAllocatedGib, c->allocatedGib);
    }
    if (*chosen == LogFormat::DeepSpeed)
        lines = deepSpeedLinesToUse(lines, notes);
    log.steps = foldedByIteration(lines, notes);
    if (*chosen == LogFormat::Megatron) {
        for (const MemoryReport& report : memoryReports) {
            if (!report.reservedGib && !report.allocatedGib)
                notes.add(lineName(report.line) + ": a memory report without a readable max allocated or max reserved");
            raisePeak(log.peakReservedGib, report.reservedGib);
            raisePeak(log.peakAllocatedGib, report.allocatedGib);
        }
    }
    notes.finish();
    return log;
}

namespace {

// The value at fraction q of the sorted `values` (linear between order statistics).
double quantile(std::vector<double> values, double q)
{
    if (values.empty())
        return 0;
    std::sort(values.begin(), values.end());
    const double position = q * double(values.size() - 1);
    const size_t below = size_t(position);
    const size_t above = std::min(below + 1, values.size() - 1);
    return values[below] + (position - double(below)) * (values[above] - values[below]);
}

double median(const std::vector<double>& values) { return quantile(values, 0.5); }

template <typename Figure>
std::optional<double> medianOf(const std::vector<const LogStep*>& steps, Figure figure)
{
    std::vector<double> values;
    for (const LogStep* step : steps)
        if (const std::optional<double> value = figure(*step))
            values.push_back(*value);
    if (values.empty())
        return std::nullopt;
    return median(values);
}

std::string iterationRange(const LogStep& first, const LogStep& last)
{
    if (first.iteration == last.iteration)
        return "iteration " + std::to_string(first.iteration) + " (" + lineName(first.line) + ")";
    return "iterations " + std::to_string(first.iteration) + " to " + std::to_string(last.iteration) + " (lines "
           + std::to_string(first.line) + " to " + std::to_string(last.line) + ")";
}

// How each step's time is known: in seconds (printed, or a rate turned by the scenario's work), or
// as the inverse of the rate the log prints, which ranks steps as well but has no unit.
struct StepTimes {
    std::vector<const LogStep*> steps;
    std::vector<double> times;
    bool seconds = true;
};

StepTimes stepTimesOf(const TrainingLog& log, const std::optional<StepWork>& work, NoteList& notes)
{
    const bool batchKnown = work && work->globalBatch > 0;
    const bool tokensKnown = batchKnown && work->sequenceLength > 0 && work->gpus > 0;
    // A LogStep may come from elsewhere than readTrainingLog: only positive, finite times count.
    const auto positive = [](std::optional<double> value) {
        return value && std::isfinite(*value) && *value > 0 ? value : std::nullopt;
    };
    const auto seconds = [&](const LogStep& step) -> std::optional<double> {
        if (step.stepS)
            return positive(step.stepS);
        if (positive(step.samplesPerS) && batchKnown)
            return positive(double(work->globalBatch) / *step.samplesPerS);
        if (positive(step.tokensPerGpuS) && tokensKnown)
            return positive(double(work->globalBatch) * double(work->sequenceLength)
                            / (*step.tokensPerGpuS * double(work->gpus)));
        return std::nullopt;
    };
    StepTimes times;
    if (std::all_of(log.steps.begin(), log.steps.end(), [&](const LogStep& step) { return seconds(step).has_value(); })) {
        for (const LogStep& step : log.steps) {
            times.steps.push_back(&step);
            times.times.push_back(*seconds(step));
        }
        return times;
    }
    times.seconds = false;
    const bool bySamples = !log.steps.empty() && log.steps.front().samplesPerS;
    for (const LogStep& step : log.steps) {
        const std::optional<double> rate = positive(bySamples ? step.samplesPerS : step.tokensPerGpuS);
        if (!rate || !positive(1 / *rate))
            continue;
        times.steps.push_back(&step);
        times.times.push_back(1 / *rate);
    }
    notes.add(std::string("the log prints ") + (bySamples ? "samples per second" : "tokens per second per GPU")
              + ", not the step time: give the global batch"
              + (bySamples ? "" : ", the sequence length and the number of GPUs")
              + " to have it in seconds; warm-up and outliers are told from the rate");
    if (times.steps.size() < log.steps.size())
        notes.add(std::to_string(log.steps.size() - times.steps.size()) + " steps have no positive "
                  + (bySamples ? "samples per second" : "tokens per second") + " and are left out");
    return times;
}

// The first steady step: the first within kWarmupTolerance of the later half's median.
size_t warmupLength(const std::vector<double>& times, const std::vector<const LogStep*>& steps, NoteList& notes)
{
    if (times.size() < 2) {
        notes.add("one logged step: too few to tell the warm-up; it is used as it is");
        return 0;
    }
    const double laterMedian = median(std::vector<double>(times.begin() + std::ptrdiff_t(times.size() / 2), times.end()));
    for (size_t i = 0; i < times.size(); ++i) {
        if (std::fabs(times[i] - laterMedian) <= kWarmupTolerance * laterMedian) {
            if (i > 0)
                notes.add("warm-up: " + iterationRange(*steps.front(), *steps[i - 1]) + " skipped, more than "
                          + formatted(kWarmupTolerance * 100, 0) + " % from the median of the later steps");
            return i;
        }
    }
    notes.add("no steady state: no step is within " + formatted(kWarmupTolerance * 100, 0)
              + " % of the median of the later steps; every step is used");
    return 0;
}

} // namespace

SteadyState steadyStateOf(const TrainingLog& log, std::optional<StepWork> work)
{
    SteadyState state;
    NoteList notes(state.notes);
    if (work && (work->globalBatch < 0 || work->sequenceLength < 0 || work->gpus < 0)) {
        notes.add("the step's work has a negative figure; it is not used");
        work.reset();
    }
    const StepTimes timed = stepTimesOf(log, work, notes);
    if (timed.steps.empty()) {
        notes.add("no step to measure");
        notes.finish();
        return state;
    }
    const size_t warmup = warmupLength(timed.times, timed.steps, notes);
    state.warmupSkipped = int(warmup);

    const std::vector<double> steadyTimes(timed.times.begin() + std::ptrdiff_t(warmup), timed.times.end());
    const double steadyMedian = median(steadyTimes);
    std::vector<double> deviations;
    for (double t : steadyTimes)
        deviations.push_back(std::fabs(t - steadyMedian));
    const double scale = std::max(median(deviations), kOutlierMadFloor * steadyMedian);
    // 0.6745 makes the MAD of a normal distribution its standard deviation (Iglewicz and Hoaglin).
    constexpr double kMadToSigma = 0.6745;
    std::vector<const LogStep*> used;
    std::vector<double> usedTimes;
    for (size_t i = warmup; i < timed.steps.size(); ++i) {
        const double t = timed.times[i];
        if (scale > 0 && kMadToSigma * std::fabs(t - steadyMedian) / scale > kOutlierScore) {
            state.outliers.push_back({ *timed.steps[i], t / steadyMedian });
            notes.add("outlier: iteration " + std::to_string(timed.steps[i]->iteration) + " ("
                      + lineName(timed.steps[i]->line) + ") took " + formatted(t / steadyMedian, 2)
                      + " x the median; left out");
        } else {
            used.push_back(timed.steps[i]);
            usedTimes.push_back(t);
        }
    }
    state.used = int(used.size());
    const double usedMedian = median(usedTimes);
    if (timed.seconds)
        state.stepS = usedMedian;
    state.spread = usedTimes.size() >= 2 ? (quantile(usedTimes, 0.9) - quantile(usedTimes, 0.1)) / usedMedian : 0;
    state.tflopsPerGpu = medianOf(used, [](const LogStep& s) { return s.tflopsPerGpu; });
    state.mfu = medianOf(used, [](const LogStep& s) { return s.mfu; });
    state.tokensPerGpuS = medianOf(used, [](const LogStep& s) { return s.tokensPerGpuS; });
    state.samplesPerS = medianOf(used, [](const LogStep& s) { return s.samplesPerS; });

    std::map<int64_t, int> batches;
    for (const LogStep* step : used)
        if (step->globalBatch)
            ++batches[*step->globalBatch];
    if (batches.size() > 1)
        notes.add("the global batch size changes within the steady steps (batch ramp-up?): from "
                  + std::to_string(batches.begin()->first) + " to " + std::to_string(batches.rbegin()->first));
    if (work && work->globalBatch > 0 && !batches.empty() && !batches.count(work->globalBatch))
        notes.add("the log's global batch size is " + std::to_string(batches.rbegin()->first) + ", the scenario's "
                  + std::to_string(work->globalBatch) + ": is this log from this configuration?");
    notes.finish();
    return state;
}

} // namespace paraplan::frameworks
