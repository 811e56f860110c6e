import { Anchor, Blockquote, Code, List, Text, Title } from "@mantine/core";
import type { ReactNode } from "react";

/**
 * A small markdown renderer for comments (docs/comments.md, "Body"): it builds React elements, never HTML, so a
 * `<script>` or an `onerror=` in a comment is shown as the text it is. It knows paragraphs, headings (#), block
 * quotes (>), bullet and numbered lists, fenced code blocks, `code`, **bold**, *italic*, ~~strike~~, [links](url)
 * and bare http(s) URLs; a link goes only to http(s) or mailto addresses.
 */
export function Markdown({ text }: { text: string }) {
  return <div data-testid="markdown">{blocks(text.replace(/\r\n?/g, "\n"))}</div>;
}

const FENCE = /^```/;
const HEADING = /^(#{1,6})\s+(.*)$/;
const QUOTE = /^>\s?(.*)$/;
const BULLET = /^\s*[-*+]\s+(.*)$/;
const NUMBERED = /^\s*\d+[.)]\s+(.*)$/;

function blocks(text: string): ReactNode[] {
  const lines = text.split("\n");
  const out: ReactNode[] = [];
  let i = 0;
  const take = (re: RegExp) => {
    const items: string[] = [];
    while (i < lines.length && re.test(lines[i]!)) items.push(lines[i++]!.match(re)![1]!);
    return items;
  };
  while (i < lines.length) {
    const line = lines[i]!;
    const key = out.length;
    if (line.trim() === "") {
      i++;
    } else if (FENCE.test(line)) {
      const body: string[] = [];
      i++;
      while (i < lines.length && !FENCE.test(lines[i]!)) body.push(lines[i++]!);
      i++;
      out.push(
        <Code key={key} block my={4}>
          {body.join("\n")}
        </Code>,
      );
    } else if (HEADING.test(line)) {
      const [, hashes, title] = line.match(HEADING)!;
      i++;
      out.push(
        <Title key={key} order={Math.min(6, hashes!.length + 2) as 3 | 4 | 5 | 6} my={4}>
          {inline(title!)}
        </Title>,
      );
    } else if (QUOTE.test(line)) {
      out.push(
        <Blockquote key={key} p="xs" my={4}>
          {blocks(take(QUOTE).join("\n"))}
        </Blockquote>,
      );
    } else if (BULLET.test(line) || NUMBERED.test(line)) {
      const numbered = !BULLET.test(line);
      out.push(
        <List key={key} type={numbered ? "ordered" : "unordered"} size="sm" my={4}>
          {take(numbered ? NUMBERED : BULLET).map((item, n) => (
            <List.Item key={n}>{inline(item)}</List.Item>
          ))}
        </List>,
      );
    } else {
      const para: string[] = [];
      while (
        i < lines.length &&
        lines[i]!.trim() !== "" &&
        ![FENCE, HEADING, QUOTE, BULLET, NUMBERED].some((re) => re.test(lines[i]!))
      )
        para.push(lines[i++]!);
      out.push(
        <Text key={key} size="sm" my={4} style={{ whiteSpace: "pre-wrap", overflowWrap: "anywhere" }}>
          {inline(para.join("\n"))}
        </Text>,
      );
    }
  }
  return out;
}

// One alternation, leftmost match first: code spans, links, bold, italic, strike, bare URLs. Underscores emphasise
// only at word edges (`snake_case_name` and `a.__b__c` stay text), as in CommonMark.
const INLINE =
  /`([^`\n]+)`|\[([^\]\n]+)\]\(([^)\s]+)\)|\*\*([^*\n]+)\*\*|(?<![A-Za-z0-9_])__([^_\n]+)__(?![A-Za-z0-9_])|\*([^*\n]+)\*|(?<![A-Za-z0-9_])_([^_\n]+)_(?![A-Za-z0-9_])|~~([^~\n]+)~~|(https?:\/\/[^\s<>()]+[^\s<>().,;:!?'"])/;

/** Only addresses that cannot run script: http(s) and mailto. */
export function safeHref(url: string): string | null {
  try {
    const parsed = new URL(url);
    return ["http:", "https:", "mailto:"].includes(parsed.protocol) ? parsed.href : null;
  } catch {
    return null;
  }
}

function link(label: ReactNode, url: string, key: number): ReactNode {
  const href = safeHref(url);
  if (!href) return <span key={key}>{label}</span>;
  return (
    <Anchor key={key} href={href} target="_blank" rel="noopener noreferrer nofollow" size="sm">
      {label}
    </Anchor>
  );
}

function inline(text: string): ReactNode[] {
  const out: ReactNode[] = [];
  let rest = text;
  while (rest.length > 0) {
    const m = rest.match(INLINE);
    if (!m || m.index === undefined) {
      out.push(rest);
      break;
    }
    if (m.index > 0) out.push(rest.slice(0, m.index));
    const key = out.length;
    const [, code, label, url, bold, bold2, em, em2, strike, bare] = m;
    if (code !== undefined) out.push(<Code key={key}>{code}</Code>);
    else if (label !== undefined) out.push(link(inline(label), url!, key));
    else if (bold !== undefined || bold2 !== undefined) out.push(<strong key={key}>{inline((bold ?? bold2)!)}</strong>);
    else if (em !== undefined || em2 !== undefined) out.push(<em key={key}>{inline((em ?? em2)!)}</em>);
    else if (strike !== undefined) out.push(<s key={key}>{inline(strike)}</s>);
    else if (bare !== undefined) out.push(link(bare, bare, key));
    rest = rest.slice(m.index + m[0].length);
  }
  return out;
}
