// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
//
// The architecture as a test: every project include names its file from the project root, no
// folder includes a layer above its own (core/README.md, widgets/README.md), and no two units
// (a header with its source) include each other, directly or around a loop, and no two libraries
// link each other.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <functional>
#include <iterator>
#include <map>
#include <regex>
#include <set>
#include <sstream>
#include <string>
#include <vector>

namespace {

namespace fs = std::filesystem;

const fs::path kRoot = PARAPLAN_SOURCE_DIR;

struct Include {
    std::string target; // as written between the quotes
    int line = 0;
};

struct SourceFile {
    std::string path; // from the project root, e.g. "core/spec/scenario.h"
    std::vector<Include> quoted;
    std::vector<Include> angled;
};

std::vector<SourceFile> projectSources()
{
    static const std::regex include(R"re(^\s*#\s*include\s*([<"])([^>"]+)[>"])re");
    std::vector<SourceFile> files;
    for (const char* library : { "core", "engine", "widgets", "app", "tests" })
        for (const auto& entry : fs::recursive_directory_iterator(kRoot / library)) {
            const std::string extension = entry.path().extension().string();
            if (!entry.is_regular_file() || (extension != ".h" && extension != ".cpp" && extension != ".cu"))
                continue;
            SourceFile file{ fs::relative(entry.path(), kRoot).generic_string(), {}, {} };
            std::ifstream in(entry.path());
            std::string text;
            for (int line = 1; std::getline(in, text); ++line) {
                std::smatch m;
                if (std::regex_search(text, m, include))
                    (m[1] == "\"" ? file.quoted : file.angled).push_back({ m[2], line });
            }
            files.push_back(std::move(file));
        }
    std::sort(files.begin(), files.end(), [](const SourceFile& a, const SourceFile& b) { return a.path < b.path; });
    return files;
}

const std::vector<SourceFile>& sources()
{
    static const std::vector<SourceFile> files = projectSources();
    return files;
}

// The folder a file belongs to for layering: "core/spec", "widgets/plots", "widgets" (the shell),
// "engine", "app/gui", ...
std::string folderOf(const std::string& path)
{
    const fs::path p(path);
    const std::string library = p.begin()->string();
    const fs::path parent = p.parent_path();
    if (library == "engine" || library == "tests")
        return library;
    return parent.generic_string();
}

// What each folder may include besides itself, lowest layer first. Everything under tests/ may
// include anything. A folder missing here is a folder nobody placed: the test says so.
const std::map<std::string, std::vector<std::string>>& allowedIncludes()
{
    static const std::vector<std::string> coreLayers{ "core/spec",  "core/rules", "core/network", "core/model",
                                                      "core/step",  "core/run", "core/explore", "core/io",
                                                      "core/frameworks" };
    static const std::map<std::string, std::vector<std::string>> allowed = [] {
        std::map<std::string, std::vector<std::string>> a;
        for (size_t i = 0; i < coreLayers.size(); ++i)
            a[coreLayers[i]] = { coreLayers.begin(), coreLayers.begin() + std::ptrdiff_t(i) };
        const std::vector<std::string>& core = coreLayers;
        auto with = [](std::vector<std::string> base, std::initializer_list<std::string> more) {
            base.insert(base.end(), more);
            return base;
        };
        a["engine"] = core;
        a["widgets/common"] = core;
        a["widgets/state"] = with(core, { "widgets/common" });
        for (const char* application : { "widgets/plots", "widgets/topology", "widgets/engine", "widgets/advice" })
            a[application] = with(core, { "widgets/common", "widgets/state" });
        a["widgets"] = with(core, { "widgets/common", "widgets/state", "widgets/plots", "widgets/topology",
                                    "widgets/engine", "widgets/advice" });
        a["app/report"] = core;
        a["app/import"] = core;
        a["app/document"] = with(a["widgets"], { "widgets" });
        a["app/cli"] = with(core, { "app/report", "app/import", "app/document" });
        a["app/probe"] = with(core, { "engine" });
        a["app/gui"] = with(a["widgets"], { "widgets", "app/report", "app/import", "app/document" });
        return a;
    }();
    return allowed;
}

bool isAllowed(const std::string& from, const std::string& to)
{
    if (from == to || from == "tests")
        return true;
    const auto& allowed = allowedIncludes().at(from);
    return std::find(allowed.begin(), allowed.end(), to) != allowed.end();
}

// A header and its source are one unit: "core/spec/scenario".
std::string unitOf(const std::string& path) { return fs::path(path).replace_extension().generic_string(); }

} // namespace

TEST(Structure, EveryIncludeNamesItsFileFromTheProjectRoot)
{
    ASSERT_GT(sources().size(), 300u) << "the project's sources were not found under " << kRoot;
    for (const SourceFile& file : sources())
        for (const Include& include : file.quoted)
            EXPECT_TRUE(fs::is_regular_file(kRoot / include.target))
                << file.path << ":" << include.line << " includes \"" << include.target
                << "\", which is not a path from the project root";
}

TEST(Structure, EveryFolderIsPlacedInTheLayering)
{
    for (const SourceFile& file : sources()) {
        const std::string folder = folderOf(file.path);
        EXPECT_TRUE(folder == "tests" || allowedIncludes().count(folder))
            << file.path << " is in " << folder << ", which no layer rule names (tests/structure)";
    }
}

TEST(Structure, NoFolderIncludesALayerAboveItsOwn)
{
    for (const SourceFile& file : sources()) {
        const std::string from = folderOf(file.path);
        if (!allowedIncludes().count(from) && from != "tests")
            continue; // reported by EveryFolderIsPlacedInTheLayering
        for (const Include& include : file.quoted) {
            const std::string to = folderOf(include.target);
            EXPECT_TRUE(isAllowed(from, to))
                << file.path << ":" << include.line << " (" << from << ") includes " << include.target << " (" << to
                << "), a layer it may not reach";
        }
    }
}

TEST(Structure, CoreAndTheEngineIncludeNeitherQtNorEachOther)
{
    for (const SourceFile& file : sources()) {
        const bool core = file.path.rfind("core/", 0) == 0;
        const bool engine = file.path.rfind("engine/", 0) == 0;
        if (!core && !engine)
            continue;
        for (const Include& include : file.angled)
            EXPECT_FALSE(include.target.rfind("Q", 0) == 0 || include.target.rfind("qcustomplot", 0) == 0)
                << file.path << ":" << include.line << " includes <" << include.target << ">: no Qt below widgets/";
        if (!core)
            continue;
        for (const Include& include : file.angled) {
            EXPECT_FALSE(include.target.rfind("cuda", 0) == 0 || include.target.rfind("nccl", 0) == 0
                         || include.target.rfind("mpi", 0) == 0)
                << file.path << ":" << include.line << " includes <" << include.target << ">: core is pure C++";
        }
    }
}

TEST(Structure, OnlyCoreIoKnowsJson)
{
    for (const SourceFile& file : sources()) {
        // core/frameworks reads and writes the frameworks' own JSON (DeepSpeed, config.json).
        if (file.path.rfind("core/io/", 0) == 0 || file.path.rfind("core/frameworks/", 0) == 0
            || file.path.rfind("tests/", 0) == 0)
            continue;
        for (const Include& include : file.angled)
            EXPECT_NE(include.target.rfind("nlohmann/", 0), 0u)
                << file.path << ":" << include.line << " includes <" << include.target
                << ">: read and write JSON through core/io";
    }
}

namespace {

// Strongly connected components of more than one node: the loops of a directed graph (Tarjan).
std::vector<std::vector<std::string>> loopsOf(const std::map<std::string, std::set<std::string>>& edges)
{
    std::map<std::string, int> index, lowLink;
    std::vector<std::string> stack;
    std::set<std::string> onStack;
    std::vector<std::vector<std::string>> loops;
    int next = 0;
    std::function<void(const std::string&)> visit = [&](const std::string& node) {
        index[node] = lowLink[node] = next++;
        stack.push_back(node);
        onStack.insert(node);
        const auto out = edges.find(node);
        for (const std::string& other : out == edges.end() ? std::set<std::string>{} : out->second) {
            if (!index.count(other)) {
                visit(other);
                lowLink[node] = std::min(lowLink[node], lowLink[other]);
            } else if (onStack.count(other)) {
                lowLink[node] = std::min(lowLink[node], index[other]);
            }
        }
        if (lowLink[node] == index[node]) {
            std::vector<std::string> component;
            std::string member;
            do {
                member = stack.back();
                stack.pop_back();
                onStack.erase(member);
                component.push_back(member);
            } while (member != node);
            if (component.size() > 1)
                loops.push_back(component);
        }
    };
    for (const auto& [node, ignored] : edges)
        if (!index.count(node))
            visit(node);
    return loops;
}

std::string joined(const std::vector<std::string>& names)
{
    std::ostringstream out;
    for (const std::string& name : names)
        out << " " << name;
    return out.str();
}

} // namespace

TEST(Structure, NoLibrariesLinkEachOtherInALoop)
{
    // Every target_link_libraries of the build files, between the project's own targets (aliases
    // such as paraplan::core resolved), read from the CMake sources themselves.
    static const std::regex defined(R"re(add_(?:library|executable)\(\s*([\w:-]+)(?:\s+ALIAS\s+([\w:-]+))?)re");
    static const std::regex linked(R"re(target_link_libraries\(\s*([\w:-]+)([^)]*)\))re");
    std::string text;
    for (const auto& entry : fs::recursive_directory_iterator(kRoot)) {
        const std::string relative = fs::relative(entry.path(), kRoot).generic_string();
        const std::string name = entry.path().filename().string();
        if (!entry.is_regular_file() || relative.rfind("build", 0) == 0 || relative.rfind(".git", 0) == 0
            || (name != "CMakeLists.txt" && entry.path().extension() != ".cmake"))
            continue;
        std::ifstream in(entry.path());
        text += std::string(std::istreambuf_iterator<char>(in), {}) + "\n";
    }
    std::map<std::string, std::string> alias;
    std::set<std::string> targets;
    for (auto it = std::sregex_iterator(text.begin(), text.end(), defined); it != std::sregex_iterator(); ++it) {
        if ((*it)[2].matched)
            alias[(*it)[1]] = (*it)[2];
        else
            targets.insert((*it)[1]);
    }
    auto resolve = [&](const std::string& name) { return alias.count(name) ? alias[name] : name; };
    std::map<std::string, std::set<std::string>> links;
    for (auto it = std::sregex_iterator(text.begin(), text.end(), linked); it != std::sregex_iterator(); ++it) {
        std::istringstream words((*it)[2].str());
        for (std::string word; words >> word;)
            if (targets.count(resolve(word)) && resolve(word) != resolve((*it)[1]))
                links[resolve((*it)[1])].insert(resolve(word));
    }
    ASSERT_TRUE(links.count("paraplan_engine") && links["paraplan_engine"].count("paraplan_engine_base"))
        << "the build files were not read as expected";
    for (const auto& loop : loopsOf(links))
        ADD_FAILURE() << "these libraries link each other in a loop:" << joined(loop);
}

TEST(Structure, NoUnitsIncludeEachOtherInALoop)
{
    // Unit graph: a unit depends on the units whose headers any of its files include.
    std::map<std::string, std::set<std::string>> dependsOn;
    for (const SourceFile& file : sources()) {
        const std::string unit = unitOf(file.path);
        dependsOn[unit];
        for (const Include& include : file.quoted)
            if (unitOf(include.target) != unit)
                dependsOn[unit].insert(unitOf(include.target));
    }
    for (const auto& loop : loopsOf(dependsOn))
        ADD_FAILURE() << "these units include each other in a loop:" << joined(loop);
}
