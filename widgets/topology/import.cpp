// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#include "widgets/topology/import.h"

#include "widgets/topology/edits.h"

#include "core/io/json_reader.h"
#include "core/io/topo_import.h"
#include "core/network/cluster_topology.h"

#include <QCoreApplication>
#include <QFile>
#include <QFileInfo>

namespace paraplan::widgets {

namespace {
struct ImportText {
    Q_DECLARE_TR_FUNCTIONS(TopologyImport)
};
} // namespace

TopologyImport importTopologyFile(const QString& path)
{
    const QString name = QFileInfo(path).fileName();
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return { std::nullopt, ImportText::tr("%1: cannot be read: %2").arg(name, file.errorString()) };
    const QByteArray text = file.readAll();
    try {
        NodeSpec node = io::importNvidiaSmiTopology(text.toStdString());
        if (node.name.empty())
            node.name = QFileInfo(path).completeBaseName().toStdString();
        return { std::move(node), QString() };
    } catch (const io::ReadError& e) { // e.what() is "line N: what is wrong"
        return { std::nullopt, QStringLiteral("%1: %2").arg(name, QString::fromStdString(e.what())) };
    }
}

Scenario withImportedNode(const Scenario& scenario, NodeSpec node)
{
    TopologySpec topology;
    topology.network = topologyOf(scenario.cluster).network;
    node.count = 1;
    topology.nodes.push_back(std::move(node));
    return withTopology(scenario, std::move(topology));
}

} // namespace paraplan::widgets
