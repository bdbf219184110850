"""A reader for the subset of YAML that GitHub workflow files use, for machines without PyYAML.

Block mappings and sequences, plain and quoted scalars, flow sequences of scalars, `|`/`>` block
scalars (with `-`/`+` chomping), comments; scalars resolve as PyYAML's YAML 1.1 does (`on`, `yes`,
`true` are booleans, digits are integers, `null`/`~` is None). Anything else (anchors, flow
mappings, multi-document files, tags) raises `YAMLSubsetError` naming the line, so a workflow that
outgrows the subset fails its test instead of being misread.
"""
import re


class YAMLSubsetError(ValueError):
    pass


_BOOLEANS = {
    "y": True, "yes": True, "on": True, "true": True,
    "n": False, "no": False, "off": False, "false": False,
}


def load(text):
    lines = []
    for number, raw in enumerate(text.split("\n"), start=1):
        if raw.strip() in ("---",) and not lines:
            continue
        if "\t" in raw[: len(raw) - len(raw.lstrip())]:
            raise YAMLSubsetError(f"line {number}: tab in indentation")
        lines.append((number, raw))
    parser = _Parser(lines)
    value = parser.block(0)
    parser.skip_blank()
    if parser.index < len(parser.lines):
        number, raw = parser.lines[parser.index]
        raise YAMLSubsetError(f"line {number}: unexpected text {raw.strip()!r}")
    return value


def _strip_comment(text):
    result, quote = [], None
    for index, char in enumerate(text):
        if quote:
            if char == quote:
                quote = None
        elif char in "'\"" and (index == 0 or text[index - 1] in " [,:"):
            quote = char
        elif char == "#" and (index == 0 or text[index - 1] in " \t"):
            break
        result.append(char)
    return "".join(result).rstrip()


def _scalar(text, number):
    text = text.strip()
    if text == "":
        return None
    if text[0] in "&*!{|>" or text.startswith("? "):
        raise YAMLSubsetError(f"line {number}: {text[:20]!r} is outside the YAML subset")
    if text[0] == '"':
        if not text.endswith('"') or len(text) < 2:
            raise YAMLSubsetError(f"line {number}: unterminated double-quoted string")
        body = text[1:-1]
        return re.sub(r'\\(["\\/nt])', lambda m: {"n": "\n", "t": "\t"}.get(m.group(1), m.group(1)), body)
    if text[0] == "'":
        if not text.endswith("'") or len(text) < 2:
            raise YAMLSubsetError(f"line {number}: unterminated single-quoted string")
        return text[1:-1].replace("''", "'")
    if text[0] == "[":
        if not text.endswith("]"):
            raise YAMLSubsetError(f"line {number}: a flow sequence must close on its line")
        inner = text[1:-1].strip()
        return [] if not inner else [_scalar(item, number) for item in _split_flow(inner, number)]
    if ": " in text or text.endswith(":"):
        raise YAMLSubsetError(f"line {number}: a plain scalar cannot hold `: ` ({text[:30]!r}); quote it")
    lowered = text.lower()
    if lowered in _BOOLEANS:
        return _BOOLEANS[lowered]
    if lowered in ("null", "~"):
        return None
    if re.fullmatch(r"[-+]?(0|[1-9][0-9]*)", text):
        return int(text)
    if re.fullmatch(r"[-+]?([0-9]+\.[0-9]*|\.[0-9]+)", text):
        return float(text)
    return text


def _split_flow(text, number):
    items, current, quote, depth = [], [], None, 0
    for char in text:
        if quote:
            current.append(char)
            if char == quote:
                quote = None
            continue
        if char in "'\"":
            quote = char
        elif char in "[{":
            raise YAMLSubsetError(f"line {number}: nested flow collections are outside the YAML subset")
        elif char == "," and depth == 0:
            items.append("".join(current))
            current = []
            continue
        current.append(char)
    items.append("".join(current))
    return items


def _key_value(content):
    """`key: value` → (key, value text); None when the line is no mapping entry."""
    if content[0] in "'\"":
        quote = content[0]
        end = content.find(quote, 1)
        if end > 0 and content[end + 1 : end + 2] == ":" and content[end + 2 : end + 3] in ("", " "):
            return content[1:end], content[end + 2 :].strip()
        return None
    match = re.match(r"^([^\s:][^:]*?)\s*:(\s+|$)(.*)$", content)
    if not match:
        return None
    return match.group(1), match.group(3)


class _Parser:
    def __init__(self, lines):
        self.lines = lines
        self.index = 0

    def skip_blank(self):
        while self.index < len(self.lines) and _strip_comment(self.lines[self.index][1]).strip() == "":
            self.index += 1

    def peek(self):
        self.skip_blank()
        if self.index >= len(self.lines):
            return None
        number, raw = self.lines[self.index]
        text = _strip_comment(raw)
        return number, len(text) - len(text.lstrip()), text.strip()

    def block(self, indent):
        head = self.peek()
        if head is None or head[1] < indent:
            return None
        if head[2].startswith("- ") or head[2] == "-":
            return self.sequence(head[1])
        return self.mapping(head[1])

    def mapping(self, indent, first=None):
        result = {}
        while True:
            if first is not None:
                number, content, first = first[0], first[1], None
            else:
                head = self.peek()
                if head is None or head[1] < indent:
                    return result
                number, column, content = head
                if column > indent:
                    raise YAMLSubsetError(f"line {number}: unexpected indentation")
                if content.startswith("- "):
                    return result
                self.index += 1
            entry = _key_value(content)
            if entry is None:
                raise YAMLSubsetError(f"line {number}: expected `key: value`, found {content!r}")
            key, value = entry
            key = _scalar(key, number) if key.lower() in _BOOLEANS else key
            if key in result:
                raise YAMLSubsetError(f"line {number}: duplicate key {key!r}")
            result[key] = self.value(value, indent, number)

    def sequence(self, indent):
        result = []
        while True:
            head = self.peek()
            if head is None or head[1] != indent or not (head[2].startswith("- ") or head[2] == "-"):
                if head is not None and head[1] > indent:
                    raise YAMLSubsetError(f"line {head[0]}: unexpected indentation")
                return result
            number, _, content = head
            self.index += 1
            item = content[1:].strip()
            if item == "":
                result.append(self.block(indent + 1))
            elif _key_value(item) is not None and item[0] not in "[":
                # `- key: value` starts a mapping whose keys line up with `key`.
                result.append(self.mapping(indent + 2, first=(number, item)))
            else:
                result.append(self.value(item, indent, number))

    def value(self, text, indent, number):
        if text in ("|", "|-", "|+", ">", ">-", ">+"):
            return self.block_scalar(text, indent, number)
        if text == "":
            head = self.peek()
            if head is None or head[1] <= indent:
                if head is not None and head[1] == indent and head[2].startswith("- "):
                    return self.sequence(indent)
                return None
            return self.block(head[1])
        return _scalar(text, number)

    def block_scalar(self, style, indent, number):
        if style.endswith("+"):
            raise YAMLSubsetError(f"line {number}: keep chomping ({style}) is outside the YAML subset")
        body, block_indent = [], None
        while self.index < len(self.lines):
            raw = self.lines[self.index][1]
            if raw.strip() == "":
                # Blank lines belong to the scalar only when more of it follows.
                ahead = self.index
                while ahead < len(self.lines) and self.lines[ahead][1].strip() == "":
                    ahead += 1
                if ahead == len(self.lines) or block_indent is None:
                    break
                following = self.lines[ahead][1]
                if len(following) - len(following.lstrip()) < block_indent:
                    break
                body += [""] * (ahead - self.index)
                self.index = ahead
                continue
            column = len(raw) - len(raw.lstrip())
            if block_indent is None:
                if column <= indent:
                    break
                block_indent = column
            if column < block_indent:
                break
            body.append(raw[block_indent:])
            self.index += 1
        if not body:
            return ""
        if style[0] == ">":
            text, previous = "", None
            for line in body:
                if previous is None:
                    text = line
                elif line == "":
                    text += "\n"
                elif previous == "":
                    text += line
                elif line.startswith(" ") or previous.startswith(" "):
                    text += "\n" + line
                else:
                    text += " " + line
                previous = line
            text += "\n"
        else:
            text = "\n".join(body) + "\n"
        return text.rstrip("\n") if style.endswith("-") else text
