// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#include "tests/app/import/nsys_writer.h"

#include <sqlite3.h>

#include <cmath>
#include <cstdint>
#include <filesystem>
#include <map>
#include <stdexcept>

namespace paraplan::test {

namespace {

class Connection {
public:
    explicit Connection(const std::string& path)
    {
        if (sqlite3_open(path.c_str(), &m_db) != SQLITE_OK)
            throw std::runtime_error("cannot create " + path + ": " + sqlite3_errmsg(m_db));
    }
    ~Connection() { sqlite3_close(m_db); }
    Connection(const Connection&) = delete;
    Connection& operator=(const Connection&) = delete;

    void exec(const std::string& sql)
    {
        char* message = nullptr;
        if (sqlite3_exec(m_db, sql.c_str(), nullptr, nullptr, &message) != SQLITE_OK) {
            const std::string what = message ? message : "unknown error";
            sqlite3_free(message);
            throw std::runtime_error(what + " in: " + sql);
        }
    }

    // Prepares `sql` and runs it once per call of `bind` (which binds the row's values).
    template <typename Rows>
    void insert(const std::string& sql, Rows&& rows)
    {
        sqlite3_stmt* statement = nullptr;
        if (sqlite3_prepare_v2(m_db, sql.c_str(), -1, &statement, nullptr) != SQLITE_OK)
            throw std::runtime_error(std::string(sqlite3_errmsg(m_db)) + " in: " + sql);
        rows([&](auto&& bind) {
            sqlite3_reset(statement);
            bind(statement);
            if (sqlite3_step(statement) != SQLITE_DONE)
                throw std::runtime_error(std::string(sqlite3_errmsg(m_db)) + " in: " + sql);
        });
        sqlite3_finalize(statement);
    }

private:
    sqlite3* m_db = nullptr;
};

int64_t nanoseconds(double seconds) { return int64_t(std::llround(seconds * 1e9)); }

// Nsight Systems' short name of a kernel: the function's own name, without its return type, scope,
// template arguments and parameters ("flash_fwd_kernel" for "void flash::flash_fwd_kernel<...>(...)").
std::string shortNameOf(const std::string& name)
{
    std::string text = name.rfind("void ", 0) == 0 ? name.substr(5) : name;
    text = text.substr(0, text.find_first_of("<("));
    const size_t scope = text.rfind("::");
    return scope == std::string::npos ? text : text.substr(scope + 2);
}

} // namespace

void writeNsysSqlite(const MeasuredRank& rank, const std::string& path)
{
    std::filesystem::remove(path);
    Connection db(path);
    db.exec("PRAGMA page_size = 1024");
    db.exec("BEGIN");
    db.exec("CREATE TABLE StringIds (id INTEGER NOT NULL PRIMARY KEY, value TEXT NOT NULL)");
    db.exec("CREATE TABLE TARGET_INFO_GPU (vmId INTEGER NOT NULL, id INTEGER NOT NULL, name TEXT, busLocation TEXT)");
    db.exec("CREATE TABLE CUPTI_ACTIVITY_KIND_KERNEL (start INTEGER NOT NULL, end INTEGER NOT NULL, deviceId INTEGER "
            "NOT NULL, contextId INTEGER NOT NULL, streamId INTEGER NOT NULL, correlationId INTEGER, globalPid INTEGER, "
            "demangledName INTEGER NOT NULL REFERENCES StringIds (id), shortName INTEGER NOT NULL REFERENCES StringIds "
            "(id))");
    db.exec("CREATE TABLE CUPTI_ACTIVITY_KIND_MEMCPY (start INTEGER NOT NULL, end INTEGER NOT NULL, deviceId INTEGER "
            "NOT NULL, contextId INTEGER NOT NULL, streamId INTEGER NOT NULL, correlationId INTEGER, globalPid INTEGER, "
            "bytes INTEGER NOT NULL, copyKind INTEGER NOT NULL)");
    db.exec("CREATE TABLE NVTX_EVENTS (start INTEGER NOT NULL, end INTEGER, eventType INTEGER NOT NULL, rangeId "
            "INTEGER, category INTEGER, color INTEGER, text TEXT, globalTid INTEGER, endGlobalTid INTEGER, textId "
            "INTEGER REFERENCES StringIds (id), domainId INTEGER)");

    std::map<std::string, int64_t> ids;
    auto idOf = [&](const std::string& text) {
        const auto [it, fresh] = ids.try_emplace(text, int64_t(ids.size()) + 1);
        return it->second;
    };
    for (const MeasuredKernel& k : rank.kernels)
        if (k.kind != KernelClass::Memcpy) {
            (void)idOf(k.name);
            (void)idOf(shortNameOf(k.name));
        }
    for (size_t i = 0; i < rank.steps.size(); ++i)
        (void)idOf("ProfilerStep#" + std::to_string(i + 1));
    db.insert("INSERT INTO StringIds (id, value) VALUES (?, ?)", [&](auto row) {
        for (const auto& [text, id] : ids)
            row([&](sqlite3_stmt* s) {
                sqlite3_bind_int64(s, 1, id);
                sqlite3_bind_text(s, 2, text.c_str(), -1, SQLITE_TRANSIENT);
            });
    });
    db.insert("INSERT INTO TARGET_INFO_GPU (vmId, id, name, busLocation) VALUES (0, ?, ?, '')", [&](auto row) {
        row([&](sqlite3_stmt* s) {
            sqlite3_bind_int64(s, 1, rank.device);
            sqlite3_bind_text(s, 2, rank.deviceName.c_str(), -1, SQLITE_TRANSIENT);
        });
    });
    const int64_t pid = 0x1000000 * (1000 + rank.rank.value_or(0));
    int64_t correlation = 1;
    // The columns kernels and copies share: start, end, device, stream, correlation, process.
    const auto bindActivity = [&](sqlite3_stmt* s, const MeasuredKernel& k) {
        const int64_t start = nanoseconds(rank.origin + k.start);
        sqlite3_bind_int64(s, 1, start);
        sqlite3_bind_int64(s, 2, start + nanoseconds(k.seconds));
        sqlite3_bind_int64(s, 3, rank.device);
        sqlite3_bind_int64(s, 4, k.stream);
        sqlite3_bind_int64(s, 5, correlation++);
        sqlite3_bind_int64(s, 6, pid);
    };
    db.insert("INSERT INTO CUPTI_ACTIVITY_KIND_KERNEL (start, end, deviceId, contextId, streamId, correlationId, "
              "globalPid, demangledName, shortName) VALUES (?, ?, ?, 1, ?, ?, ?, ?, ?)",
              [&](auto row) {
                  for (const MeasuredKernel& k : rank.kernels) {
                      if (k.kind == KernelClass::Memcpy)
                          continue;
                      row([&](sqlite3_stmt* s) {
                          bindActivity(s, k);
                          sqlite3_bind_int64(s, 7, idOf(k.name));
                          sqlite3_bind_int64(s, 8, idOf(shortNameOf(k.name)));
                      });
                  }
              });
    db.insert("INSERT INTO CUPTI_ACTIVITY_KIND_MEMCPY (start, end, deviceId, contextId, streamId, correlationId, "
              "globalPid, bytes, copyKind) VALUES (?, ?, ?, 1, ?, ?, ?, 0, 8)",
              [&](auto row) {
                  for (const MeasuredKernel& k : rank.kernels) {
                      if (k.kind != KernelClass::Memcpy)
                          continue;
                      row([&](sqlite3_stmt* s) {
                          bindActivity(s, k);
                      });
                  }
              });
    // PyTorch's step ranges as NVTX push/pop ranges (event type 59), their text in StringIds.
    db.insert("INSERT INTO NVTX_EVENTS (start, end, eventType, text, globalTid, textId) VALUES (?, ?, 59, NULL, ?, ?)",
              [&](auto row) {
                  for (size_t i = 0; i < rank.steps.size(); ++i)
                      row([&](sqlite3_stmt* s) {
                          sqlite3_bind_int64(s, 1, nanoseconds(rank.origin + rank.steps[i].start));
                          sqlite3_bind_int64(s, 2, nanoseconds(rank.origin + rank.steps[i].end));
                          sqlite3_bind_int64(s, 3, pid + 1);
                          sqlite3_bind_int64(s, 4, idOf("ProfilerStep#" + std::to_string(i + 1)));
                      });
              });
    db.exec("COMMIT");
    db.exec("VACUUM");
}

void runSql(const std::string& path, const std::vector<std::string>& statements)
{
    Connection db(path);
    for (const std::string& sql : statements)
        db.exec(sql);
}

} // namespace paraplan::test
