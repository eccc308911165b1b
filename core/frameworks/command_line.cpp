// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#include "core/frameworks/command_line.h"

#include "core/io/json_reader.h"

#include <algorithm>
#include <cctype>
#include <charconv>
#include <memory>
#include <optional>
#include <string_view>

// What follows bash where launch scripts need it (the GNU Bash manual, "Shell Syntax", "Shell
// Expansions", "Conditional Constructs"): quoting ('...', "...", \, $'...'), comments, line
// continuations, NAME=value, NAME=(...), NAME+=, export/declare/local/unset, $NAME, ${NAME},
// ${NAME[@]}, ${NAME[i]}, ${#NAME}, the default forms ${NAME:-word} (and -, :=, =, :+, +, :?, ?),
// $((arithmetic)), field splitting of unquoted expansions, redirections and here-documents (dropped),
// and if/elif/else decided by [ ], [[ ]] and test on strings and integers.
namespace paraplan::frameworks {

namespace {

constexpr size_t kMaxExpansionBytes = size_t(16) << 20;
constexpr int kMaxNesting = 32;

[[noreturn]] void fail(int line, const std::string& message) { io::failAtLine(line, message); }

bool isBlank(char c) { return c == ' ' || c == '\t' || c == '\r'; }
bool isNameStart(char c) { return std::isalpha(static_cast<unsigned char>(c)) || c == '_'; }
bool isNameChar(char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; }

// Text whose characters remember the script line each was written on.
struct LinedText {
    std::string text;
    std::vector<std::pair<size_t, int>> runs; // (first offset, line) of each run from one line

    void append(std::string_view s, int line)
    {
        if (s.empty())
            return;
        if (runs.empty() || runs.back().second != line)
            runs.emplace_back(text.size(), line);
        text += s;
    }
    [[nodiscard]] int lineAt(size_t offset) const
    {
        auto after = std::upper_bound(runs.begin(), runs.end(), offset,
                                      [](size_t o, const std::pair<size_t, int>& run) { return o < run.first; });
        return after == runs.begin() ? 0 : std::prev(after)->second;
    }
};

// ---------------------------------------------------------------------------------------------
// Words as written.

struct RawWord;

struct Part {
    enum class Kind { Literal, Parameter, CommandSubstitution, Arithmetic };
    Kind kind = Kind::Literal;
    bool quoted = false;
    std::string text; // Literal: its characters; Parameter: the name; Arithmetic: the expression
    int line = 0;
    std::string index;                // Parameter: "", "@", "*" or an index expression
    std::string op;                   // Parameter: "", "#", ":-", "-", ":=", "=", ":+", "+", ":?", "?", "!"
    std::shared_ptr<RawWord> operand; // Parameter: the word after op
    std::string source;               // as written, for the words that stay unresolved
};

Part makePart(Part::Kind kind, bool quoted, int line, std::string source = {})
{
    Part part;
    part.kind = kind;
    part.quoted = quoted;
    part.line = line;
    part.source = std::move(source);
    return part;
}

struct RawWord {
    std::vector<Part> parts;
    int line = 0;
    std::string assignName; // NAME=value or NAME+=value: parts from valueFrom on spell the value
    bool append = false;
    size_t valueFrom = 0;
    bool arrayFollows = false; // NAME=( ... )

    [[nodiscard]] bool isLiteral(std::string_view s) const
    {
        return parts.size() == 1 && parts[0].kind == Part::Kind::Literal && !parts[0].quoted && parts[0].text == s;
    }
    void literal(std::string_view s, bool quoted, int atLine)
    {
        // A value's first character starts a part of its own (parts before valueFrom spell "NAME="),
        // and so does each line's text, which keeps its line.
        if (parts.size() <= valueFrom || parts.back().kind != Part::Kind::Literal || parts.back().quoted != quoted
            || parts.back().line != atLine)
            parts.push_back(makePart(Part::Kind::Literal, quoted, atLine));
        parts.back().text += s;
    }
};

struct Token {
    enum class Kind { Word, ArrayAssignment, Separator, AndIf, OrIf, Pipe, End };
    Kind kind = Kind::End;
    RawWord word;
    std::vector<RawWord> elements; // ArrayAssignment

    static Token of(Kind kind, RawWord word = {})
    {
        Token token;
        token.kind = kind;
        token.word = std::move(word);
        return token;
    }
};

class Lexer {
public:
    Lexer(std::string_view text, int firstLine, int depth) : m_text(text), m_line(firstLine), m_depth(depth)
    {
        if (depth > kMaxNesting)
            fail(firstLine, "expansions nested more than " + std::to_string(kMaxNesting) + " deep");
    }

    Token next();
    // The whole text as one word, blanks included (the word of ${NAME:-word}).
    RawWord wholeWord() { return lexWord(false); }

private:
    [[nodiscard]] bool done() const { return m_pos >= m_text.size(); }
    [[nodiscard]] char at(size_t ahead = 0) const
    {
        return m_pos + ahead < m_text.size() ? m_text[m_pos + ahead] : '\0';
    }
    void step()
    {
        if (m_text[m_pos] == '\n')
            ++m_line;
        ++m_pos;
    }
    void skipBlanks();
    void skipHereDocuments();
    void lexRedirection();
    RawWord lexWord(bool stopAtBlanks);
    bool stopsWord(char c) const;
    void lexAssignmentName(RawWord& word);
    void lexSingleQuoted(RawWord& word);
    void lexAnsiC(RawWord& word);
    void lexDoubleQuoted(RawWord& word);
    void lexDollar(RawWord& word, bool quoted);
    void lexBackquote(RawWord& word, bool quoted);
    std::string_view balanced(size_t from, char open, char close, int startLine, const char* what);
    Part parameter(std::string_view content, int line, bool quoted);
    std::vector<RawWord> arrayElements(int startLine, const std::string& name);

    std::string_view m_text;
    size_t m_pos = 0;
    int m_line = 1;
    int m_depth = 0;
    bool m_inTest = false; // between [[ and ]]: && || < > ( ) are words there
    std::vector<std::pair<std::string, bool>> m_hereDocuments; // delimiter, leading tabs stripped
};

void Lexer::skipBlanks()
{
    while (!done()) {
        if (isBlank(at()))
            step();
        else if (at() == '\\' && at(1) == '\n') {
            step();
            step();
        } else
            break;
    }
}

void Lexer::skipHereDocuments()
{
    for (const auto& [delimiter, stripTabs] : m_hereDocuments) {
        while (!done()) {
            const size_t end = std::min(m_text.find('\n', m_pos), m_text.size());
            std::string_view line = m_text.substr(m_pos, end - m_pos);
            if (stripTabs)
                line.remove_prefix(std::min(line.find_first_not_of('\t'), line.size()));
            if (!line.empty() && line.back() == '\r')
                line.remove_suffix(1);
            while (m_pos < end)
                step();
            if (!done())
                step();
            if (line == delimiter)
                break;
        }
    }
    m_hereDocuments.clear();
}

Token Lexer::next()
{
    for (;;) {
        skipBlanks();
        if (done())
            return {};
        const char c = at();
        if (c == '#') {
            while (!done() && at() != '\n')
                step();
            continue;
        }
        if (c == '\n') {
            step();
            skipHereDocuments();
            if (m_inTest)
                continue;
            return Token::of(Token::Kind::Separator);
        }
        if (!m_inTest) {
            if (c == ';') {
                step();
                if (at() == ';' || at() == '&')
                    step();
                return Token::of(Token::Kind::Separator);
            }
            if (c == '&' && at(1) == '&') {
                step();
                step();
                return Token::of(Token::Kind::AndIf);
            }
            if (c == '|' && at(1) == '|') {
                step();
                step();
                return Token::of(Token::Kind::OrIf);
            }
            if (c == '|') {
                step();
                if (at() == '&')
                    step();
                return Token::of(Token::Kind::Pipe);
            }
            if (c == '&' && at(1) != '>') {
                step();
                return Token::of(Token::Kind::Separator);
            }
            if (c == '(' || c == ')') { // subshells and function definitions: their words are read as they come
                step();
                continue;
            }
            if (c == '<' || c == '>' || c == '&') {
                lexRedirection();
                continue;
            }
        }
        const int line = m_line;
        RawWord word = lexWord(true);
        if (word.arrayFollows) {
            Token token = Token::of(Token::Kind::ArrayAssignment, std::move(word));
            token.elements = arrayElements(line, token.word.assignName);
            return token;
        }
        if (word.parts.empty()) { // a character no word may start with here: skip it
            step();
            continue;
        }
        const bool fileDescriptor = word.parts.size() == 1 && word.parts[0].kind == Part::Kind::Literal
                                    && !word.parts[0].quoted
                                    && std::all_of(word.parts[0].text.begin(), word.parts[0].text.end(),
                                                   [](char d) { return std::isdigit(static_cast<unsigned char>(d)); });
        if (!m_inTest && fileDescriptor && (at() == '<' || at() == '>')) {
            lexRedirection();
            continue;
        }
        if (word.isLiteral("[["))
            m_inTest = true;
        else if (word.isLiteral("]]"))
            m_inTest = false;
        return Token::of(Token::Kind::Word, std::move(word));
    }
}

// A redirection and its target are dropped: they say where output goes, not what runs.
void Lexer::lexRedirection()
{
    std::string op;
    if (at() == '&')
        op += at(), step();
    while ((at() == '<' || at() == '>') && op.size() < 3)
        op += at(), step();
    if (op == "<<" && at() == '-')
        op += at(), step();
    if (at() == '&' || at() == '|') {
        op += at(), step();
        if (std::isdigit(static_cast<unsigned char>(at())) || at() == '-') {
            while (std::isdigit(static_cast<unsigned char>(at())) || at() == '-')
                step();
            return;
        }
    }
    if (at() == '(') { // process substitution <(...) >(...)
        balanced(m_pos, '(', ')', m_line, "a process substitution");
        return;
    }
    if (op == "<<" || op == "<<-") {
        skipBlanks();
        const RawWord delimiter = lexWord(true);
        std::string text;
        for (const Part& part : delimiter.parts)
            text += part.kind == Part::Kind::Literal ? part.text : part.source;
        m_hereDocuments.emplace_back(text, op == "<<-");
        return;
    }
    skipBlanks();
    if (!done() && at() != '\n')
        (void)lexWord(true);
}

bool Lexer::stopsWord(char c) const
{
    if (isBlank(c) || c == '\n')
        return true;
    if (m_inTest)
        return c == ';';
    return c == ';' || c == '&' || c == '|' || c == '<' || c == '>' || c == '(' || c == ')';
}

void Lexer::lexAssignmentName(RawWord& word)
{
    size_t end = m_pos;
    if (!isNameStart(at()))
        return;
    while (end < m_text.size() && isNameChar(m_text[end]))
        ++end;
    const bool append = end + 1 < m_text.size() && m_text[end] == '+' && m_text[end + 1] == '=';
    if (!append && (end >= m_text.size() || m_text[end] != '='))
        return;
    word.assignName = std::string(m_text.substr(m_pos, end - m_pos));
    word.append = append;
    const size_t valueStart = end + (append ? 2 : 1);
    word.literal(m_text.substr(m_pos, valueStart - m_pos), false, m_line);
    m_pos = valueStart;
    word.valueFrom = 1;
    word.arrayFollows = at() == '(';
}

RawWord Lexer::lexWord(bool stopAtBlanks)
{
    RawWord word;
    word.line = m_line;
    if (stopAtBlanks && !m_inTest) {
        lexAssignmentName(word);
        if (word.arrayFollows)
            return word;
    }
    while (!done()) {
        const char c = at();
        if (stopAtBlanks && stopsWord(c))
            break;
        if (c == '\\') {
            step();
            if (done())
                word.literal("\\", false, m_line);
            else if (at() == '\n')
                step();
            else {
                word.literal(std::string_view(&m_text[m_pos], 1), true, m_line);
                step();
            }
        } else if (c == '\'')
            lexSingleQuoted(word);
        else if (c == '"')
            lexDoubleQuoted(word);
        else if (c == '$' && at(1) == '\'')
            lexAnsiC(word);
        else if (c == '$' && at(1) == '"') // $"..." (a translated string) reads as "..."
            step();
        else if (c == '$')
            lexDollar(word, false);
        else if (c == '`')
            lexBackquote(word, false);
        else {
            word.literal(std::string_view(&m_text[m_pos], 1), false, m_line);
            step();
        }
    }
    return word;
}

void Lexer::lexSingleQuoted(RawWord& word)
{
    const int startLine = m_line;
    const size_t close = m_text.find('\'', m_pos + 1);
    if (close == std::string_view::npos)
        fail(startLine, "the single quote (') opened here is never closed");
    const std::string_view inside = m_text.substr(m_pos + 1, close - m_pos - 1);
    word.literal("", true, startLine);
    word.literal(inside, true, startLine);
    while (m_pos <= close)
        step();
}

void Lexer::lexAnsiC(RawWord& word)
{
    const int startLine = m_line;
    step();
    step();
    word.literal("", true, startLine);
    for (;;) {
        if (done())
            fail(startLine, "the $' string opened here is never closed");
        const char c = at();
        step();
        if (c == '\'')
            return;
        if (c != '\\' || done()) {
            word.literal(std::string_view(&c, 1), true, m_line);
            continue;
        }
        const char e = at();
        step();
        const char* replaced = e == 'n' ? "\n" : e == 't' ? "\t" : nullptr;
        word.literal(replaced ? std::string_view(replaced) : std::string_view(&e, 1), true, m_line);
    }
}

void Lexer::lexDoubleQuoted(RawWord& word)
{
    const int startLine = m_line;
    step();
    word.literal("", true, startLine);
    for (;;) {
        if (done())
            fail(startLine, "the double quote (\") opened here is never closed");
        const char c = at();
        if (c == '"') {
            step();
            return;
        }
        if (c == '\\' && (at(1) == '$' || at(1) == '`' || at(1) == '"' || at(1) == '\\' || at(1) == '\n')) {
            step();
            if (at() != '\n')
                word.literal(std::string_view(&m_text[m_pos], 1), true, m_line);
            step();
        } else if (c == '$')
            lexDollar(word, true);
        else if (c == '`')
            lexBackquote(word, true);
        else {
            word.literal(std::string_view(&m_text[m_pos], 1), true, m_line);
            step();
        }
    }
}

// The text between the bracket at `from` and its match, skipping quoted text; m_pos ends after it.
std::string_view Lexer::balanced(size_t from, char open, char close, int startLine, const char* what)
{
    int depth = 0;
    char quote = 0;
    for (size_t i = from; i < m_text.size(); ++i) {
        const char c = m_text[i];
        if (quote) {
            if (c == '\\' && quote == '"')
                ++i;
            else if (c == quote)
                quote = 0;
            continue;
        }
        if (c == '\\')
            ++i;
        else if (c == '\'' || c == '"')
            quote = c;
        else if (c == open)
            ++depth;
        else if (c == close && --depth == 0) {
            const std::string_view inside = m_text.substr(from + 1, i - from - 1);
            while (m_pos <= i)
                step();
            return inside;
        }
    }
    fail(startLine, std::string(what) + " opened here is never closed");
}

void Lexer::lexDollar(RawWord& word, bool quoted)
{
    const int line = m_line;
    const size_t start = m_pos;
    if (at(1) == '(' && at(2) == '(') {
        const std::string_view inside = balanced(m_pos + 1, '(', ')', line, "the $(( arithmetic");
        if (inside.size() < 2 || inside.front() != '(' || inside.back() != ')')
            fail(line, "the $(( arithmetic opened here does not close with ))");
        word.parts.push_back(
            makePart(Part::Kind::Arithmetic, quoted, line, std::string(m_text.substr(start, m_pos - start))));
        word.parts.back().text = std::string(inside.substr(1, inside.size() - 2));
        return;
    }
    if (at(1) == '(') {
        balanced(m_pos + 1, '(', ')', line, "the $( command substitution");
        word.parts.push_back(
            makePart(Part::Kind::CommandSubstitution, quoted, line, std::string(m_text.substr(start, m_pos - start))));
        return;
    }
    if (at(1) == '{') {
        const std::string_view inside = balanced(m_pos + 1, '{', '}', line, "the ${ expansion");
        word.parts.push_back(parameter(inside, line, quoted));
        return;
    }
    size_t end = m_pos + 1;
    if (isNameStart(at(1))) {
        while (end < m_text.size() && isNameChar(m_text[end]))
            ++end;
    } else if (std::isdigit(static_cast<unsigned char>(at(1)))
        || std::string_view("@*#?$!-").find(at(1)) != std::string_view::npos)
        end = m_pos + 2;
    if (end == m_pos + 1 || at(1) == '\0') { // a lone $ is itself
        word.literal("$", quoted, line);
        step();
        return;
    }
    const std::string name(m_text.substr(m_pos + 1, end - m_pos - 1));
    while (m_pos < end)
        step();
    word.parts.push_back(makePart(Part::Kind::Parameter, quoted, line, "$" + name));
    word.parts.back().text = name;
}

void Lexer::lexBackquote(RawWord& word, bool quoted)
{
    const int line = m_line;
    size_t close = m_pos + 1;
    while (close < m_text.size() && m_text[close] != '`')
        close += m_text[close] == '\\' ? 2 : 1;
    if (close >= m_text.size())
        fail(line, "the backquote (`) opened here is never closed");
    const size_t start = m_pos;
    while (m_pos <= close)
        step();
    word.parts.push_back(
        makePart(Part::Kind::CommandSubstitution, quoted, line, std::string(m_text.substr(start, m_pos - start))));
}

Part Lexer::parameter(std::string_view content, int line, bool quoted)
{
    Part part = makePart(Part::Kind::Parameter, quoted, line, "${" + std::string(content) + "}");
    std::string_view rest = content;
    if (rest.size() > 1 && rest.front() == '#') {
        part.op = "#";
        rest.remove_prefix(1);
    } else if (!rest.empty() && rest.front() == '!') {
        part.op = "!"; // indirection and name lists: not followed
        return part;
    }
    size_t nameEnd = 0;
    if (!rest.empty() && isNameStart(rest[0]))
        while (nameEnd < rest.size() && isNameChar(rest[nameEnd]))
            ++nameEnd;
    else if (!rest.empty() && std::isdigit(static_cast<unsigned char>(rest[0])))
        while (nameEnd < rest.size() && std::isdigit(static_cast<unsigned char>(rest[nameEnd])))
            ++nameEnd;
    else if (!rest.empty() && std::string_view("@*#?$!-").find(rest[0]) != std::string_view::npos)
        nameEnd = 1;
    if (nameEnd == 0) {
        part.op = "!";
        return part;
    }
    part.text = std::string(rest.substr(0, nameEnd));
    rest.remove_prefix(nameEnd);
    if (!rest.empty() && rest.front() == '[') {
        const size_t close = rest.find(']');
        if (close == std::string_view::npos) {
            part.op = "!";
            return part;
        }
        part.index = std::string(rest.substr(1, close - 1));
        rest.remove_prefix(close + 1);
    }
    if (rest.empty() || part.op == "#") {
        if (!rest.empty())
            part.op = "!";
        return part;
    }
    for (const char* op : { ":-", ":=", ":+", ":?", "-", "=", "+", "?" })
        if (rest.starts_with(op)) {
            part.op = op;
            Lexer operand(rest.substr(part.op.size()), line, m_depth + 1);
            part.operand = std::make_shared<RawWord>(operand.wholeWord());
            return part;
        }
    part.op = "!"; // substrings, pattern removal and substitution: not followed
    return part;
}

std::vector<RawWord> Lexer::arrayElements(int startLine, const std::string& name)
{
    step(); // (
    std::vector<RawWord> elements;
    for (;;) {
        while (!done() && (isBlank(at()) || at() == '\n' || (at() == '\\' && at(1) == '\n')))
            step();
        if (done())
            fail(startLine, name + "=( opened here has no closing )");
        if (at() == ')') {
            step();
            return elements;
        }
        if (at() == '#') {
            while (!done() && at() != '\n')
                step();
            continue;
        }
        RawWord element = lexWord(true);
        if (element.parts.empty())
            step(); // ; & | < > ( have no place in an array: bash refuses them, the reader steps over
        else
            elements.push_back(std::move(element));
    }
}

// ---------------------------------------------------------------------------------------------
// Expansion.

struct Value {
    LinedText text;
    std::string unresolved;
};
using Variables = std::map<std::string, std::vector<Value>>;

struct Field {
    LinedText text;
    std::string unresolved;
    bool quoted = false;
};

class FieldBuilder {
public:
    FieldBuilder(bool split, size_t& budget, int line) : m_split(split), m_budget(budget), m_line(line) {}

    void text(std::string_view s, int line, bool quoted)
    {
        begin();
        charge(s.size());
        m_current.text.append(s, line);
        m_current.quoted = m_current.quoted || quoted;
    }
    void unresolved(const std::string& what, bool quoted)
    {
        begin();
        if (m_current.unresolved.empty())
            m_current.unresolved = what;
        m_current.quoted = m_current.quoted || quoted;
    }
    // An unquoted expansion's result: split on blanks where words are split.
    void expansion(const LinedText& value)
    {
        if (!m_split)
            return lined(value, false);
        for (size_t i = 0; i < value.text.size(); ++i) {
            const char c = value.text[i];
            if (isBlank(c) || c == '\n')
                m_pendingBreak = true;
            else
                text(std::string_view(&c, 1), value.lineAt(i), false);
        }
    }
    // Appends `value` as it is, quoted or where words are not split.
    void lined(const LinedText& value, bool quoted)
    {
        for (size_t r = 0; r < value.runs.size(); ++r) {
            const size_t from = value.runs[r].first;
            const size_t to = r + 1 < value.runs.size() ? value.runs[r + 1].first : value.text.size();
            text(std::string_view(value.text).substr(from, to - from), value.runs[r].second, quoted);
        }
    }
    // The boundary between two elements of an array expansion: "${A[@]}" makes each a word of its
    // own, "${A[*]}" joins them with a blank, unquoted they are split like any expansion.
    void elementBoundary(bool quoted, bool eachAWord)
    {
        if (!m_split || (quoted && !eachAWord))
            text(" ", m_line, quoted);
        else if (quoted) {
            flush(true);
            m_started = true;
            m_current.quoted = true;
        } else
            m_pendingBreak = true;
    }
    std::vector<Field> finish()
    {
        flush(false);
        return std::move(m_done);
    }

private:
    void begin()
    {
        if (m_pendingBreak) {
            flush(false);
            m_pendingBreak = false;
        }
        m_started = true;
    }
    void flush(bool evenEmpty)
    {
        if (m_started || evenEmpty)
            m_done.push_back(std::move(m_current));
        m_current = {};
        m_started = false;
    }
    void charge(size_t bytes)
    {
        if (bytes > m_budget)
            fail(m_line, "the script's expansions grow past 16 MiB; a launch script needs far less");
        m_budget -= bytes;
    }

    bool m_split;
    size_t& m_budget;
    int m_line;
    std::vector<Field> m_done;
    Field m_current;
    bool m_started = false;
    bool m_pendingBreak = false;
};

// $((...)) over integers: + - * / % and parentheses, variables by name or $NAME.
class Arithmetic {
public:
    Arithmetic(std::string_view text, const Variables& variables) : m_text(text), m_variables(variables) {}

    std::optional<int64_t> value()
    {
        std::optional<int64_t> v = sum(0);
        skipBlanks();
        return m_pos == m_text.size() ? v : std::nullopt;
    }

private:
    void skipBlanks()
    {
        while (m_pos < m_text.size() && (isBlank(m_text[m_pos]) || m_text[m_pos] == '\n'))
            ++m_pos;
    }
    bool take(char c)
    {
        skipBlanks();
        if (m_pos < m_text.size() && m_text[m_pos] == c) {
            ++m_pos;
            return true;
        }
        return false;
    }
    std::optional<int64_t> sum(int depth)
    {
        std::optional<int64_t> left = product(depth);
        for (;;) {
            const bool plus = take('+');
            if (!plus && !take('-'))
                return left;
            const std::optional<int64_t> right = product(depth);
            int64_t r = 0;
            if (!left || !right
                || (plus ? __builtin_add_overflow(*left, *right, &r) : __builtin_sub_overflow(*left, *right, &r)))
                return std::nullopt;
            left = r;
        }
    }
    std::optional<int64_t> product(int depth)
    {
        std::optional<int64_t> left = unary(depth);
        for (;;) {
            char op = 0;
            for (char c : { '*', '/', '%' })
                if (!op && take(c))
                    op = c;
            if (!op)
                return left;
            const std::optional<int64_t> right = unary(depth);
            if (!left || !right)
                return std::nullopt;
            int64_t r = 0;
            if (op == '*') {
                if (__builtin_mul_overflow(*left, *right, &r))
                    return std::nullopt;
            } else if (*right == 0 || (*left == INT64_MIN && *right == -1))
                return std::nullopt;
            else
                r = op == '/' ? *left / *right : *left % *right;
            left = r;
        }
    }
    std::optional<int64_t> unary(int depth)
    {
        if (depth > kMaxNesting)
            return std::nullopt;
        if (take('-')) {
            const std::optional<int64_t> v = unary(depth + 1);
            return v && *v != INT64_MIN ? std::optional<int64_t>(-*v) : std::nullopt;
        }
        if (take('+'))
            return unary(depth + 1);
        if (take('(')) {
            const std::optional<int64_t> v = sum(depth + 1);
            return take(')') ? v : std::nullopt;
        }
        skipBlanks();
        const size_t start = m_pos;
        if (m_pos < m_text.size() && std::isdigit(static_cast<unsigned char>(m_text[m_pos]))) {
            while (m_pos < m_text.size() && std::isdigit(static_cast<unsigned char>(m_text[m_pos])))
                ++m_pos;
            return integer(m_text.substr(start, m_pos - start));
        }
        const bool dollar = take('$');
        const bool braced = dollar && take('{');
        skipBlanks();
        const size_t nameStart = m_pos;
        while (m_pos < m_text.size() && isNameChar(m_text[m_pos]))
            ++m_pos;
        if (nameStart == m_pos || (braced && !take('}')))
            return std::nullopt;
        const auto found = m_variables.find(std::string(m_text.substr(nameStart, m_pos - nameStart)));
        if (found == m_variables.end() || found->second.empty() || !found->second[0].unresolved.empty())
            return std::nullopt;
        const std::string& text = found->second[0].text.text;
        return integer(text.empty() ? std::string_view("0") : std::string_view(text));
    }
    static std::optional<int64_t> integer(std::string_view digits)
    {
        int64_t v = 0;
        const auto [end, error] = std::from_chars(digits.data(), digits.data() + digits.size(), v);
        return error == std::errc() && end == digits.data() + digits.size() ? std::optional<int64_t>(v) : std::nullopt;
    }

    std::string_view m_text;
    const Variables& m_variables;
    size_t m_pos = 0;
};

// ---------------------------------------------------------------------------------------------
// Following the script.

enum class Truth { False, True, Unknown };

Truth notOf(Truth t) { return t == Truth::Unknown ? t : t == Truth::True ? Truth::False : Truth::True; }
Truth andOf(Truth a, Truth b)
{
    if (a == Truth::False || b == Truth::False)
        return Truth::False;
    return a == Truth::True && b == Truth::True ? Truth::True : Truth::Unknown;
}
Truth orOf(Truth a, Truth b) { return notOf(andOf(notOf(a), notOf(b))); }

// A test's arguments ([ ... ], [[ ... ]], test ...): strings and integers compared, -z and -n, !,
// ( ), && || -a -o. What depends on the machine (files, the environment) is Unknown.
class TestExpression {
public:
    explicit TestExpression(std::vector<ShellWord> args) : m_args(std::move(args)) {}

    Truth value()
    {
        const Truth t = disjunction(0);
        return m_pos == m_args.size() ? t : Truth::Unknown;
    }

private:
    [[nodiscard]] bool is(size_t offset, std::string_view s) const
    {
        return m_pos + offset < m_args.size() && m_args[m_pos + offset].text == s;
    }
    Truth disjunction(int depth)
    {
        Truth t = conjunction(depth);
        while (is(0, "||") || is(0, "-o")) {
            ++m_pos;
            t = orOf(t, conjunction(depth));
        }
        return t;
    }
    Truth conjunction(int depth)
    {
        Truth t = primary(depth);
        while (is(0, "&&") || is(0, "-a")) {
            ++m_pos;
            t = andOf(t, primary(depth));
        }
        return t;
    }
    Truth primary(int depth)
    {
        if (m_pos >= m_args.size() || depth > kMaxNesting) {
            m_pos = m_args.size();
            return Truth::Unknown;
        }
        if (is(0, "!") && m_pos + 1 < m_args.size()) {
            ++m_pos;
            return notOf(primary(depth + 1));
        }
        if (is(0, "(")) {
            ++m_pos;
            const Truth t = disjunction(depth + 1);
            if (is(0, ")"))
                ++m_pos;
            return t;
        }
        if (m_pos + 2 < m_args.size() && isBinary(m_args[m_pos + 1].text))
            return binary();
        const ShellWord& first = m_args[m_pos];
        if ((first.text == "-z" || first.text == "-n") && m_pos + 1 < m_args.size()) {
            const ShellWord& operand = m_args[m_pos + 1];
            m_pos += 2;
            if (!operand.resolved())
                return Truth::Unknown;
            return (operand.text.empty() == (first.text == "-z")) ? Truth::True : Truth::False;
        }
        if (first.text.size() == 2 && first.text[0] == '-' && m_pos + 1 < m_args.size()) {
            m_pos += 2; // -f FILE, -d DIR, ...: the machine's
            return Truth::Unknown;
        }
        ++m_pos;
        return first.resolved() ? (first.text.empty() ? Truth::False : Truth::True) : Truth::Unknown;
    }
    static bool isBinary(const std::string& op)
    {
        for (const char* known : { "=", "==", "!=", "<", ">", "-eq", "-ne", "-lt", "-le", "-gt", "-ge", "=~" })
            if (op == known)
                return true;
        return false;
    }
    Truth binary()
    {
        const ShellWord& left = m_args[m_pos];
        const std::string op = m_args[m_pos + 1].text;
        const ShellWord& right = m_args[m_pos + 2];
        m_pos += 3;
        if (!left.resolved() || !right.resolved() || op == "=~")
            return Truth::Unknown;
        auto truth = [](bool b) { return b ? Truth::True : Truth::False; };
        if (op == "=" || op == "==")
            return truth(left.text == right.text);
        if (op == "!=")
            return truth(left.text != right.text);
        if (op == "<")
            return truth(left.text < right.text);
        if (op == ">")
            return truth(left.text > right.text);
        int64_t a = 0, b = 0;
        const auto parse = [](const std::string& s, int64_t& v) {
            const auto [end, error] = std::from_chars(s.data(), s.data() + s.size(), v);
            return error == std::errc() && end == s.data() + s.size();
        };
        if (!parse(left.text, a) || !parse(right.text, b))
            return Truth::Unknown;
        if (op == "-eq")
            return truth(a == b);
        if (op == "-ne")
            return truth(a != b);
        if (op == "-lt")
            return truth(a < b);
        if (op == "-le")
            return truth(a <= b);
        if (op == "-gt")
            return truth(a > b);
        return truth(a >= b);
    }

    std::vector<ShellWord> m_args;
    size_t m_pos = 0;
};

class ScriptReader {
public:
    explicit ScriptReader(const ShellVariables& environment)
    {
        for (const auto& [name, words] : environment)
            for (const ShellWord& word : words) {
                Value value;
                value.text.append(word.text, word.line);
                value.unresolved = word.unresolved;
                m_variables[name].push_back(std::move(value));
            }
    }

    void read(std::string_view text, int firstLine)
    {
        Lexer lexer(text, firstLine, 0);
        for (;;) {
            List list;
            Token token = lexer.next();
            while (token.kind != Token::Kind::Separator && token.kind != Token::Kind::End) {
                if (token.kind == Token::Kind::Word || token.kind == Token::Kind::ArrayAssignment) {
                    if (list.commands.empty() || list.commands.size() == list.connectors.size())
                        list.commands.emplace_back();
                    list.commands.back().push_back(std::move(token));
                } else if (!list.commands.empty() && list.commands.size() > list.connectors.size())
                    list.connectors.push_back(token.kind);
                token = lexer.next();
            }
            if (!list.commands.empty())
                run(list);
            if (token.kind == Token::Kind::End)
                return;
        }
    }

    ShellScript result()
    {
        ShellScript script;
        script.commands = std::move(m_commands);
        for (const auto& [name, values] : m_variables)
            for (const Value& value : values)
                script.variables[name].push_back(wordOf(value.text, value.unresolved, false, 0));
        script.assignmentOrder = std::move(m_order);
        script.notes = std::move(m_notes);
        return script;
    }

private:
    using Command = std::vector<Token>;
    struct List {
        std::vector<Command> commands;
        std::vector<Token::Kind> connectors; // between commands: AndIf, OrIf, Pipe
    };
    struct Frame {
        enum class Kind { If, Loop, Case } kind;
        bool outerActive;
        bool active;
        bool decided; // a branch was surely taken: the rest are not
    };

    [[nodiscard]] bool active() const { return m_frames.empty() || m_frames.back().active; }

    static const std::string* keywordOf(const Command& command)
    {
        if (command.empty() || command[0].kind != Token::Kind::Word || command[0].word.parts.size() != 1)
            return nullptr;
        const Part& part = command[0].word.parts[0];
        return part.kind == Part::Kind::Literal && !part.quoted ? &part.text : nullptr;
    }

    void run(List& list)
    {
        Command& first = list.commands[0];
        while (const std::string* keyword = keywordOf(first)) {
            const int line = first[0].word.line;
            const std::string word = *keyword;
            if (word == "if" || word == "elif") {
                first.erase(first.begin());
                branch(word == "if", list, line);
                return;
            }
            if (word == "while" || word == "until" || word == "for" || word == "select" || word == "case") {
                const bool outer = active();
                m_frames.push_back({ word == "case" ? Frame::Kind::Case : Frame::Kind::Loop, outer, outer, false });
                if (outer)
                    note(line, word == "case" ? "a case statement: every branch read"
                                              : "a `" + word + "` loop: its body read once");
                return;
            }
            if (word == "else") {
                if (!m_frames.empty() && m_frames.back().kind == Frame::Kind::If) {
                    Frame& frame = m_frames.back();
                    frame.active = frame.outerActive && !frame.decided;
                }
            } else if (word == "fi" || word == "done" || word == "esac") {
                if (!m_frames.empty())
                    m_frames.pop_back();
            } else if (word == "function" && active()) {
                return; // `function NAME {`: the body is read as it comes
            } else if (word != "then" && word != "do" && word != "{" && word != "}" && word != "!" && word != "time"
                       && word != "exec")
                break;
            first.erase(first.begin());
            if (first.empty()) {
                if (list.commands.size() == 1)
                    return;
                list.commands.erase(list.commands.begin());
                list.connectors.erase(list.connectors.begin());
            }
        }
        if (!active())
            return;
        for (Command& command : list.commands)
            execute(command);
    }

    void branch(bool opening, const List& condition, int line)
    {
        if (opening) {
            const bool outer = active();
            m_frames.push_back({ Frame::Kind::If, outer, false, !outer });
        }
        if (m_frames.empty())
            return;
        Frame& frame = m_frames.back();
        if (!frame.outerActive || frame.decided) {
            frame.active = false;
            return;
        }
        const Truth truth = evaluate(condition);
        frame.active = truth != Truth::False;
        frame.decided = truth == Truth::True;
        if (truth == Truth::Unknown)
            note(line,
                "a condition that depends on the machine or the environment: its branch was read, and the ones after "
                "it");
    }

    Truth evaluate(const List& condition)
    {
        Truth truth = Truth::Unknown;
        for (size_t i = 0; i < condition.commands.size(); ++i) {
            const Truth t = test(condition.commands[i]);
            if (i == 0)
                truth = t;
            else if (condition.connectors[i - 1] == Token::Kind::AndIf)
                truth = andOf(truth, t);
            else if (condition.connectors[i - 1] == Token::Kind::OrIf)
                truth = orOf(truth, t);
            else
                truth = t; // a pipeline's status is its last command's
        }
        return truth;
    }

    Truth test(const Command& command)
    {
        std::vector<ShellWord> words;
        for (const Token& token : command)
            if (token.kind == Token::Kind::Word)
                for (ShellWord& word : expand(token.word, 0, true))
                    words.push_back(std::move(word));
        bool negated = false;
        while (!words.empty() && words.front().text == "!") {
            negated = !negated;
            words.erase(words.begin());
        }
        Truth t = Truth::Unknown;
        if (words.empty())
            t = Truth::Unknown;
        else if (words.front().text == "true" || words.front().text == ":")
            t = Truth::True;
        else if (words.front().text == "false")
            t = Truth::False;
        else if ((words.front().text == "[" && words.back().text == "]")
                 || (words.front().text == "[[" && words.back().text == "]]"))
            t = TestExpression(std::vector<ShellWord>(words.begin() + 1, words.end() - 1)).value();
        else if (words.front().text == "test")
            t = TestExpression(std::vector<ShellWord>(words.begin() + 1, words.end())).value();
        return negated ? notOf(t) : t;
    }

    void execute(const Command& command)
    {
        size_t first = 0;
        while (first < command.size() && (command[first].kind == Token::Kind::ArrayAssignment
                                          || !command[first].word.assignName.empty()))
            assign(command[first++]);
        if (first == command.size())
            return;
        std::vector<ShellWord> words;
        for (size_t i = first; i < command.size(); ++i)
            if (command[i].kind == Token::Kind::Word)
                for (ShellWord& word : expand(command[i].word, 0, true))
                    words.push_back(std::move(word));
        if (words.empty())
            return;
        const std::string& name = words.front().text;
        if (name == "export" || name == "declare" || name == "typeset" || name == "local" || name == "readonly") {
            for (size_t i = first + 1; i < command.size(); ++i)
                if (command[i].kind == Token::Kind::ArrayAssignment || !command[i].word.assignName.empty())
                    assign(command[i]);
            return;
        }
        if (name == "unset") {
            for (size_t i = 1; i < words.size(); ++i)
                m_variables.erase(words[i].text);
            return;
        }
        if (name == "source" || name == ".") {
            note(words.front().line, "sources " + (words.size() > 1 ? words[1].text : std::string("a file"))
                                         + ", which was not read");
            return;
        }
        m_commands.push_back({ std::move(words) });
    }

    void assign(const Token& token)
    {
        const RawWord& word = token.word;
        std::vector<Value> values;
        if (token.kind == Token::Kind::ArrayAssignment) {
            for (const RawWord& element : token.elements)
                for (Field& field : expandFields(element, 0, true))
                    values.push_back({ std::move(field.text), std::move(field.unresolved) });
        } else {
            std::vector<Field> fields = expandFields(word, word.valueFrom, false);
            values.push_back(
                fields.empty() ? Value {} : Value { std::move(fields[0].text), std::move(fields[0].unresolved) });
        }
        std::vector<Value>& variable = m_variables[word.assignName];
        if (!word.append && token.kind == Token::Kind::ArrayAssignment)
            variable = std::move(values);
        else if (token.kind == Token::Kind::ArrayAssignment)
            variable.insert(variable.end(), values.begin(), values.end());
        else if (word.append && !variable.empty()) {
            FieldBuilder joined(false, m_budget, word.line);
            joined.lined(variable[0].text, false);
            joined.lined(values[0].text, false);
            std::vector<Field> both = joined.finish();
            variable[0].text = both.empty() ? LinedText{} : std::move(both[0].text);
            if (variable[0].unresolved.empty())
                variable[0].unresolved = values[0].unresolved;
        } else if (variable.empty())
            variable = std::move(values);
        else
            variable[0] = std::move(values[0]);
        std::erase(m_order, word.assignName);
        m_order.push_back(word.assignName);
    }

    // The fields of `word`'s parts from `from` on; `split` where bash splits words (commands and
    // array elements, not the value of NAME=value).
    std::vector<Field> expandFields(const RawWord& word, size_t from, bool split)
    {
        FieldBuilder fields(split, m_budget, word.line);
        for (size_t i = from; i < word.parts.size(); ++i)
            expandPart(word.parts[i], false, fields);
        return fields.finish();
    }

    std::vector<ShellWord> expand(const RawWord& word, size_t from, bool split)
    {
        std::vector<ShellWord> words;
        for (Field& field : expandFields(word, from, split)) {
            const bool onlyUnresolved = field.text.text.empty() && !field.quoted && !field.unresolved.empty();
            words.push_back(wordOf(field.text, field.unresolved, onlyUnresolved, word.line));
        }
        return words;
    }

    static ShellWord wordOf(const LinedText& text, const std::string& unresolved, bool onlyUnresolved, int fallbackLine)
    {
        const int line = text.text.empty() ? fallbackLine : text.lineAt(0);
        return { text.text, line, unresolved, onlyUnresolved };
    }

    void expandPart(const Part& part, bool outerQuoted, FieldBuilder& fields)
    {
        const bool quoted = part.quoted || outerQuoted;
        switch (part.kind) {
        case Part::Kind::Literal:
            fields.text(part.text, part.line, quoted);
            return;
        case Part::Kind::CommandSubstitution:
            fields.unresolved(part.source, quoted);
            return;
        case Part::Kind::Arithmetic:
            if (const std::optional<int64_t> v = Arithmetic(part.text, m_variables).value())
                fields.text(std::to_string(*v), part.line, quoted);
            else
                fields.unresolved(part.source, quoted);
            return;
        case Part::Kind::Parameter:
            expandParameter(part, quoted, fields);
            return;
        }
    }

    void expandParameter(const Part& part, bool quoted, FieldBuilder& fields)
    {
        const auto found = m_variables.find(part.text);
        const std::vector<Value>* values = found == m_variables.end() ? nullptr : &found->second;
        const bool all = part.index == "@" || part.index == "*";
        std::vector<const Value*> selected;
        if (values && all)
            for (const Value& v : *values)
                selected.push_back(&v);
        else if (values && !values->empty()) {
            std::optional<int64_t> index = part.index.empty() ? 0 : Arithmetic(part.index, m_variables).value();
            if (index && *index >= 0 && size_t(*index) < values->size())
                selected.push_back(&(*values)[size_t(*index)]);
        }
        const bool set = !selected.empty() || (values && all);
        const bool null = std::all_of(selected.begin(), selected.end(), [](const Value* v) {
            return v->text.text.empty();
        });
        const std::string& op = part.op;
        if (op == "!")
            return fields.unresolved(part.source, quoted);
        if (op == "#") {
            const size_t length = all ? selected.size() : (selected.empty() ? 0 : selected[0]->text.text.size());
            return fields.text(std::to_string(length), part.line, quoted);
        }
        const bool colon = op.size() == 2;
        const bool missing = !set || (colon && null);
        const char kind = op.empty() ? 0 : op.back();
        if ((kind == '-' || kind == '=') && missing) {
            if (kind == '=') {
                FieldBuilder joined(false, m_budget, part.line);
                for (const Part& p : part.operand->parts)
                    expandPart(p, true, joined);
                std::vector<Field> value = joined.finish();
                m_variables[part.text] = { Value{ value.empty() ? LinedText{} : value[0].text,
                                                  value.empty() ? std::string() : value[0].unresolved } };
            }
            for (const Part& p : part.operand->parts)
                expandPart(p, quoted, fields);
            return;
        }
        if (kind == '+') {
            if (!missing)
                for (const Part& p : part.operand->parts)
                    expandPart(p, quoted, fields);
            return;
        }
        if ((kind == '?' && missing) || !set)
            return fields.unresolved(part.source, quoted);
        for (size_t i = 0; i < selected.size(); ++i) {
            if (i > 0)
                fields.elementBoundary(quoted, part.index == "@");
            const Value& value = *selected[i];
            if (!value.unresolved.empty())
                fields.unresolved(value.unresolved, quoted);
            if (quoted)
                fields.lined(value.text, true);
            else
                fields.expansion(value.text);
        }
    }

    void note(int line, const std::string& what)
    {
        std::string text = "line " + std::to_string(line) + ": " + what;
        if (std::find(m_notes.begin(), m_notes.end(), text) == m_notes.end())
            m_notes.push_back(std::move(text));
    }

    Variables m_variables;
    std::vector<std::string> m_order;
    std::vector<ShellCommand> m_commands;
    std::vector<std::string> m_notes;
    std::vector<Frame> m_frames;
    size_t m_budget = kMaxExpansionBytes;
};

} // namespace

ShellScript readShellScript(const std::string& script, const ShellVariables& environment, int firstLine)
{
    ScriptReader reader(environment);
    reader.read(script, firstLine);
    return reader.result();
}

std::vector<ShellWord> shellWords(const std::string& commandLine)
{
    std::vector<ShellWord> words;
    for (ShellCommand& command : readShellScript(commandLine).commands)
        for (ShellWord& word : command.words)
            words.push_back(std::move(word));
    return words;
}

std::string shellQuoted(const std::string& text)
{
    const bool plain = !text.empty() && std::all_of(text.begin(), text.end(), [](char c) {
        return std::isalnum(static_cast<unsigned char>(c))
            || std::string_view("_-.,:/=+@%").find(c) != std::string_view::npos;
    });
    if (plain)
        return text;
    std::string quoted = "'";
    for (char c : text)
        quoted += c == '\'' ? std::string("'\\''") : std::string(1, c);
    return quoted + "'";
}

} // namespace paraplan::frameworks
