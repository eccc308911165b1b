// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#pragma once

#include <map>
#include <string>
#include <vector>

// Shell command lines and launch scripts split into words as bash would, for the readers of
// Megatron-LM and Megatron-DeepSpeed launches (docs/frameworks/megatron.md). Nothing is run: the
// script is followed line by line, its variables (strings and arrays) assigned and expanded, its
// simple `if` tests decided where the script's own variables decide them, and each command's words
// returned after quote removal, expansion and field splitting (the bash manual's "Shell Expansions").
// What needs the machine it runs on (the environment, command substitution, files) stays unresolved
// and is marked so on the word.
namespace paraplan::frameworks {

struct ShellWord {
    std::string text;
    // The script line the word's first character was written on (for a word that came out of a
    // variable, the line of the assignment that wrote that character).
    int line = 0;
    // The first expansion the script could not resolve ("$DATA_PATH", "${3}", "$(hostname)"): an
    // undefined variable, a positional parameter, a command substitution. It expanded to nothing.
    std::string unresolved;
    // The word is nothing but unquoted unresolved expansions: bash would drop it where they are
    // empty at run time.
    bool onlyUnresolved = false;

    [[nodiscard]] bool resolved() const { return unresolved.empty(); }
};

struct ShellCommand {
    std::vector<ShellWord> words; // never empty
    [[nodiscard]] int line() const { return words.front().line; }
};

// A variable's value: one element for a string, one per element for an array.
using ShellVariables = std::map<std::string, std::vector<ShellWord>>;

struct ShellScript {
    // The commands the script runs, in order, without assignments, redirections and the keywords
    // of its compound commands; commands inside `if` branches its variables rule out are left out.
    std::vector<ShellCommand> commands;
    ShellVariables variables; // as the script leaves them
    // Variable names in the order of their last assignment.
    std::vector<std::string> assignmentOrder;
    // What the reading could not follow as bash would: a condition that depends on the environment
    // (every branch was read), a loop body (read once), a sourced file (not read).
    std::vector<std::string> notes;
};

// Reads `script` whose first line is line `firstLine`; `environment` holds variables known before
// it starts. Throws io::ReadError at "line N" for an unterminated quote, `${`, `$(`, backquote or
// array, and for expansions that grow past 16 MiB.
[[nodiscard]] ShellScript readShellScript(const std::string& script, const ShellVariables& environment = {},
                                          int firstLine = 1);

// The words of every command of `commandLine`, in order: the form for a single command line.
[[nodiscard]] std::vector<ShellWord> shellWords(const std::string& commandLine);

// `text` as one shell word: unchanged when it holds only characters no shell treats specially,
// else in single quotes.
[[nodiscard]] std::string shellQuoted(const std::string& text);

} // namespace paraplan::frameworks
