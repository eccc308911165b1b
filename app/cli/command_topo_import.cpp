// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#include "app/cli/commands.h"

#include "core/io/json_reader.h"
#include "core/io/topo_import.h"
#include "core/io/topology_json.h"

#include <ostream>

namespace paraplan::cli {

namespace {

constexpr const char* kTopoImportUsage
    = "usage: paraplan-cli topo-import FILE [--nvlink-GBps-per-link X] [--pcie-GBps X] [--nic-GBps X] "
      "[--socket-GBps X]\n";

// Replaces `value` by the option's value when given; sets `error` unless it is a positive number.
void takeGBps(Arguments& args, const std::string& option, double& value, std::string& error)
{
    const std::optional<std::string> text = args.option(option, error);
    if (!text)
        return;
    try {
        size_t used = 0;
        const double parsed = std::stod(*text, &used);
        if (used == text->size() && parsed > 0) {
            value = parsed;
            return;
        }
    } catch (const std::exception&) {
    }
    if (error.empty())
        error = option + " takes a positive number of GB/s, not \"" + *text + "\"";
}

} // namespace

int runTopoImport(Arguments args, std::ostream& out, std::ostream& err)
{
    io::TopoImportOptions options;
    std::string error;
    takeGBps(args, "--nvlink-GBps-per-link", options.nvlinkGBpsPerLink, error);
    takeGBps(args, "--pcie-GBps", options.pcieGBps, error);
    takeGBps(args, "--nic-GBps", options.nicGBps, error);
    takeGBps(args, "--socket-GBps", options.socketLinkGBps, error);
    const std::vector<std::string> files = args.positional(error);
    if (error.empty() && files.size() != 1)
        error = "topo-import takes one file, the output of `nvidia-smi topo -m`";
    if (!error.empty()) {
        err << "paraplan-cli topo-import: " << error << "\n" << kTopoImportUsage;
        return kExitUnreadable;
    }
    const std::string& path = files.front();
    const std::optional<std::string> text = readInputFile(path, error);
    if (!text) {
        err << "paraplan-cli: " << error << "\n";
        return kExitUnreadable;
    }
    TopologySpec topology;
    try {
        topology.nodes.push_back(io::importNvidiaSmiTopology(*text, options));
    } catch (const io::ReadError& e) {
        err << "paraplan-cli: " << path << ": " << e.what() << "\n";
        return kExitUnreadable;
    }
    out << io::toJson(topology).dump(2) << "\n";
    return kExitOk;
}

} // namespace paraplan::cli
