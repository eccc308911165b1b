// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#include "app/import/nsys_sqlite.h"

#include "core/io/json_reader.h"

#include <sqlite3.h>

#include <algorithm>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <tuple>
#include <vector>

namespace paraplan::import {

namespace {

constexpr const char* kKernelTable = "CUPTI_ACTIVITY_KIND_KERNEL";
// No kernel lasts a day (nanoseconds).
constexpr sqlite3_int64 kLongestKernelNs = 86'400'000'000'000;

// One read-only connection to the export; every failure of SQLite is a ReadError for the file.
class NsysDatabase {
public:
    explicit NsysDatabase(const std::string& path)
    {
        if (sqlite3_open_v2(path.c_str(), &m_db, SQLITE_OPEN_READONLY, nullptr) != SQLITE_OK) {
            const std::string why = m_db ? sqlite3_errmsg(m_db) : "out of memory";
            sqlite3_close(m_db);
            m_db = nullptr;
            throw io::ReadError("(file)", "cannot open it as an SQLite database: " + why);
        }
    }
    ~NsysDatabase() { sqlite3_close(m_db); }
    NsysDatabase(const NsysDatabase&) = delete;
    NsysDatabase& operator=(const NsysDatabase&) = delete;

    [[noreturn]] void fail(const std::string& where) const
    {
        const int code = sqlite3_errcode(m_db);
        if (code == SQLITE_NOTADB)
            throw io::ReadError("(file)", "not an SQLite database: export the report with `nsys export --type=sqlite`");
        throw io::ReadError(where, std::string("SQLite cannot read it: ") + sqlite3_errmsg(m_db));
    }

    // Runs `sql`, calling `row` with the statement for each result row.
    template <typename Row>
    void query(const std::string& sql, const std::string& where, Row&& row) const
    {
        sqlite3_stmt* statement = nullptr;
        if (sqlite3_prepare_v2(m_db, sql.c_str(), -1, &statement, nullptr) != SQLITE_OK)
            fail(where);
        struct Finalize {
            sqlite3_stmt* s;
            ~Finalize() { sqlite3_finalize(s); }
        } finalize{ statement };
        for (;;) {
            const int step = sqlite3_step(statement);
            if (step == SQLITE_DONE)
                return;
            if (step != SQLITE_ROW)
                fail(where);
            row(statement);
        }
    }

    [[nodiscard]] std::set<std::string> tables() const
    {
        std::set<std::string> names;
        query("SELECT name FROM sqlite_master WHERE type = 'table'", "(file)", [&](sqlite3_stmt* s) {
            if (const unsigned char* text = sqlite3_column_text(s, 0))
                names.insert(reinterpret_cast<const char*>(text));
        });
        return names;
    }

    [[nodiscard]] std::set<std::string> columns(const std::string& table) const
    {
        std::set<std::string> names;
        query("PRAGMA table_info(\"" + table + "\")", table, [&](sqlite3_stmt* s) {
            if (const unsigned char* text = sqlite3_column_text(s, 1))
                names.insert(reinterpret_cast<const char*>(text));
        });
        return names;
    }

private:
    sqlite3* m_db = nullptr;
};

std::string rowPath(const char* table, sqlite3_int64 rowid, const char* column)
{
    return std::string(table) + " row " + std::to_string(rowid) + ", " + column;
}

sqlite3_int64 integerColumn(sqlite3_stmt* s, int index, const char* table, sqlite3_int64 rowid, const char* column)
{
    const int type = sqlite3_column_type(s, index);
    if (type != SQLITE_INTEGER)
        throw io::ReadError(rowPath(table, rowid, column),
                            std::string("expected an integer, got ")
                                + (type == SQLITE_NULL ? "null" : type == SQLITE_FLOAT ? "a real number" : "text"));
    return sqlite3_column_int64(s, index);
}

struct NsysActivity {
    MeasuredKernel kernel;
    sqlite3_int64 device = 0;
};

// start and end in nanoseconds, end not before start and no longer than a day.
void readInterval(sqlite3_stmt* s, const char* table, sqlite3_int64 rowid, MeasuredKernel& k)
{
    const sqlite3_int64 start = integerColumn(s, 1, table, rowid, "start");
    const sqlite3_int64 end = integerColumn(s, 2, table, rowid, "end");
    if (end < start)
        throw io::ReadError(rowPath(table, rowid, "end"), "ends (" + std::to_string(end) + " ns) before it starts ("
                                                              + std::to_string(start) + " ns)");
    if (end - start > kLongestKernelNs)
        throw io::ReadError(rowPath(table, rowid, "end"), "lasts longer than a day: not a kernel's duration");
    k.start = double(start) * 1e-9;
    k.seconds = double(end - start) * 1e-9;
}

void readKernels(const NsysDatabase& db, std::vector<NsysActivity>& out)
{
    const std::set<std::string> columns = db.columns(kKernelTable);
    for (const char* needed : { "start", "end", "deviceId", "streamId" })
        if (!columns.count(needed))
            throw io::ReadError(std::string(kKernelTable) + "." + needed, "missing: not an Nsight Systems export's "
                                                                           "kernel table");
    const char* nameColumn = columns.count("demangledName") ? "demangledName"
        : columns.count("shortName")                        ? "shortName"
                                                            : nullptr;
    if (!nameColumn)
        throw io::ReadError(std::string(kKernelTable) + ".demangledName", "missing: the kernels have no names");
    const std::string sql = std::string("SELECT k.rowid, k.start, k.end, k.deviceId, k.streamId, s.value FROM ")
        + kKernelTable + " AS k LEFT JOIN StringIds AS s ON s.id = k." + nameColumn + " ORDER BY k.start";
    db.query(sql, kKernelTable, [&](sqlite3_stmt* s) {
        const sqlite3_int64 rowid = sqlite3_column_int64(s, 0);
        NsysActivity a;
        readInterval(s, kKernelTable, rowid, a.kernel);
        a.device = integerColumn(s, 3, kKernelTable, rowid, "deviceId");
        a.kernel.stream = integerColumn(s, 4, kKernelTable, rowid, "streamId");
        const unsigned char* name = sqlite3_column_text(s, 5);
        if (!name)
            throw io::ReadError(rowPath(kKernelTable, rowid, nameColumn), "names no string of StringIds");
        a.kernel.name = reinterpret_cast<const char*>(name);
        if (!io::isUtf8(a.kernel.name))
            throw io::ReadError(rowPath(kKernelTable, rowid, nameColumn), "the kernel's name is not UTF-8");
        a.kernel.kind = classifyKernel(a.kernel.name);
        out.push_back(std::move(a));
    });
}

// Copies and memsets, as Nsight Systems names them in its timeline.
void readCopies(const NsysDatabase& db, const std::set<std::string>& tables, std::vector<NsysActivity>& out)
{
    for (const auto& [table, name, activity] :
         { std::tuple{ "CUPTI_ACTIVITY_KIND_MEMCPY", "[CUDA memcpy]", GpuActivity::Memcpy },
           std::tuple{ "CUPTI_ACTIVITY_KIND_MEMSET", "[CUDA memset]", GpuActivity::Memset } }) {
        if (!tables.count(table))
            continue;
        const std::set<std::string> columns = db.columns(table);
        if (!columns.count("start") || !columns.count("end") || !columns.count("deviceId")
            || !columns.count("streamId"))
            continue;
        const std::string sql = std::string("SELECT rowid, start, end, deviceId, streamId FROM ") + table;
        db.query(sql, table, [&](sqlite3_stmt* s) {
            const sqlite3_int64 rowid = sqlite3_column_int64(s, 0);
            NsysActivity a;
            readInterval(s, table, rowid, a.kernel);
            a.device = integerColumn(s, 3, table, rowid, "deviceId");
            a.kernel.stream = integerColumn(s, 4, table, rowid, "streamId");
            a.kernel.name = name;
            a.kernel.kind = classifyKernel(name, {}, activity);
            out.push_back(std::move(a));
        });
    }
}

// PyTorch's ProfilerStep#N ranges where NVTX recorded them (their text inline or in StringIds).
std::vector<StepWindow> readSteps(const NsysDatabase& db, const std::set<std::string>& tables)
{
    std::vector<StepWindow> steps;
    if (!tables.count("NVTX_EVENTS"))
        return steps;
    const std::set<std::string> columns = db.columns("NVTX_EVENTS");
    if (!columns.count("start") || !columns.count("end") || !columns.count("text"))
        return steps;
    const bool ids = columns.count("textId") && tables.count("StringIds");
    const std::string text = ids ? "coalesce(e.text, s.value)" : "e.text";
    const std::string sql = "SELECT e.start, e.end FROM NVTX_EVENTS AS e"
        + std::string(ids ? " LEFT JOIN StringIds AS s ON s.id = e.textId" : "") + " WHERE " + text
        + " LIKE 'ProfilerStep#%' AND typeof(e.start) = 'integer' AND typeof(e.end) = 'integer' AND e.end >= e.start"
          " ORDER BY e.start";
    db.query(sql, "NVTX_EVENTS", [&](sqlite3_stmt* s) {
        steps.push_back({ double(sqlite3_column_int64(s, 0)) * 1e-9, double(sqlite3_column_int64(s, 1)) * 1e-9 });
    });
    return steps;
}

std::string gpuNameOf(const NsysDatabase& db, const std::set<std::string>& tables, sqlite3_int64 device)
{
    if (!tables.count("TARGET_INFO_GPU"))
        return {};
    const std::set<std::string> columns = db.columns("TARGET_INFO_GPU");
    if (!columns.count("id") || !columns.count("name"))
        return {};
    std::string name;
    db.query("SELECT id, name FROM TARGET_INFO_GPU", "TARGET_INFO_GPU", [&](sqlite3_stmt* s) {
        const unsigned char* text = sqlite3_column_text(s, 1);
        if (sqlite3_column_type(s, 0) == SQLITE_INTEGER && sqlite3_column_int64(s, 0) == device && text)
            name = reinterpret_cast<const char*>(text);
    });
    return io::isUtf8(name) ? name : std::string();
}

} // namespace

bool readsNsysSqlite() { return true; }

MeasuredRank readNsysSqlite(const std::string& path, int64_t stepsHeld)
{
    const NsysDatabase db(path);
    const std::set<std::string> tables = db.tables();
    if (!tables.count(kKernelTable))
        throw io::ReadError(kKernelTable, "missing: no CUDA kernels in this database (is it `nsys export "
                                          "--type=sqlite` of a report profiled with --trace=cuda?)");
    if (!tables.count("StringIds"))
        throw io::ReadError("StringIds", "missing: the kernels' names are not in this database");
    std::vector<NsysActivity> activities;
    readKernels(db, activities);
    readCopies(db, tables, activities);
    if (activities.empty())
        throw io::ReadError(kKernelTable, "empty: the report recorded no kernel");

    std::map<sqlite3_int64, size_t> perDevice;
    for (const NsysActivity& a : activities)
        ++perDevice[a.device];
    const auto busiest = std::max_element(perDevice.begin(), perDevice.end(),
                                          [](const auto& a, const auto& b) { return a.second < b.second; });
    MeasuredRank rank;
    rank.device = busiest->first;
    rank.deviceName = gpuNameOf(db, tables, busiest->first);
    for (const auto& [device, count] : perDevice)
        if (device != rank.device)
            rank.notes.push_back(std::to_string(count) + " kernels on device " + std::to_string(device)
                                 + " left out: a report is one rank's, on one device");
    for (NsysActivity& a : activities)
        if (a.device == rank.device)
            rank.kernels.push_back(std::move(a.kernel));
    rank.steps = readSteps(db, tables);
    placeOnStepAxis(rank, stepsHeld);
    if (rank.kernels.empty())
        throw io::ReadError("NVTX_EVENTS", "no kernel ran within the profiled steps (ProfilerStep#N): they all "
                                           "started before the first");
    if (rank.span() > double(kLongestKernelNs) * 1e-9)
        throw io::ReadError(kKernelTable, "the profiled steps span more than a day: the timestamps are not one run's");
    return rank;
}

} // namespace paraplan::import
