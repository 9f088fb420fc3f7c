// Fenced code in editors' markdown: highlighted at build by Shiki (the highlighter Astro ships; JavaScript regex
// engine, so no WebAssembly), in a box that scrolls instead of wrapping, under a bar with the language and a Copy
// button. Adjacent fences marked `tab` (```bash tab, ```js tab) are one example in several languages: they become
// language tabs. Buttons and tabs work through public/code-blocks.js; without it, every block simply shows.
import type { Root, Element, ElementContent, RootContent, Text } from 'hast';
import { createHighlighterCoreSync } from 'shiki/core';
import { createJavaScriptRegexEngine } from 'shiki/engine/javascript';
import bash from 'shiki/langs/bash.mjs';
import json from 'shiki/langs/json.mjs';
import javascript from 'shiki/langs/javascript.mjs';
import typescript from 'shiki/langs/typescript.mjs';
import html from 'shiki/langs/html.mjs';
import http from 'shiki/langs/http.mjs';
import yaml from 'shiki/langs/yaml.mjs';
import markdown from 'shiki/langs/markdown.mjs';
import xml from 'shiki/langs/xml.mjs';
import nginx from 'shiki/langs/nginx.mjs';
import python from 'shiki/langs/python.mjs';
import theme from 'shiki/themes/github-dark-default.mjs';

const highlighter = createHighlighterCoreSync({
  themes: [theme],
  langs: [bash, json, javascript, typescript, html, http, yaml, markdown, xml, nginx, python],
  engine: createJavaScriptRegexEngine(),
});
const ALIASES: Record<string, string> = {
  sh: 'bash',
  shell: 'bash',
  js: 'javascript',
  mjs: 'javascript',
  ts: 'typescript',
  yml: 'yaml',
  md: 'markdown',
  py: 'python',
};
const LABELS: Record<string, string> = {
  bash: 'Shell',
  json: 'JSON',
  javascript: 'JavaScript',
  typescript: 'TypeScript',
  html: 'HTML',
  http: 'HTTP',
  yaml: 'YAML',
  markdown: 'Markdown',
  xml: 'XML',
  nginx: 'nginx',
  python: 'Python',
  text: 'Text',
};

export function rehypeCodeBlocks() {
  return (tree: Root) => {
    walk(tree.children, { groups: 0 });
  };
}

function walk(children: (RootContent | ElementContent)[], state: { groups: number }): void {
  children.forEach((node, i) => {
    if (node.type !== 'element') return;
    const code = node.tagName === 'pre' && node.children.find((c): c is Element => c.type === 'element' && c.tagName === 'code');
    if (code) children[i] = codeBlock(code);
    else walk(node.children, state);
  });
  groupTabs(children, state);
}

const isTab = (n: RootContent | ElementContent | undefined): n is Element => n?.type === 'element' && n.properties?.dataTab === '';

/** Runs of adjacent `tab` blocks (whitespace between them aside) become one tab group. */
function groupTabs(children: (RootContent | ElementContent)[], state: { groups: number }): void {
  for (let i = 0; i < children.length; i++) {
    if (!isTab(children[i])) continue;
    const run: Element[] = [];
    let j = i;
    for (; j < children.length; j++) {
      const n = children[j]!;
      if (isTab(n)) run.push(n);
      else if (!(n.type === 'text' && !n.value.trim())) break;
    }
    if (run.length < 2) continue;
    const g = ++state.groups;
    const tabs: Element = {
      type: 'element',
      tagName: 'div',
      properties: { role: 'tablist', ariaLabel: 'Languages', className: ['tab-list'] },
      children: run.map((b, k) => ({
        type: 'element',
        tagName: 'button',
        properties: {
          type: 'button',
          role: 'tab',
          id: `tab-${g}-${k}`,
          ariaControls: [`panel-${g}-${k}`],
          ariaSelected: k === 0 ? 'true' : 'false',
          tabIndex: k === 0 ? 0 : -1,
          dataLang: String(b.properties!.dataLang),
        },
        children: [{ type: 'text', value: labelOf(String(b.properties!.dataLang)) }],
      })),
    };
    const panels: Element[] = run.map((b, k) => ({
      type: 'element',
      tagName: 'div',
      properties: {
        role: 'tabpanel',
        id: `panel-${g}-${k}`,
        ariaLabelledBy: [`tab-${g}-${k}`],
        className: ['tab-panel'],
        ...(k === 0 ? {} : { dataInactive: '' }),
      },
      children: [b],
    }));
    children.splice(i, j - i, { type: 'element', tagName: 'div', properties: { className: ['code-tabs'] }, children: [tabs, ...panels] });
  }
}

const labelOf = (lang: string) => LABELS[lang] ?? lang;

function codeBlock(code: Element): Element {
  const cls = ([] as unknown[])
    .concat(code.properties?.className ?? [])
    .map(String)
    .find((c) => c.startsWith('language-'));
  const asked = cls?.slice('language-'.length) ?? 'text';
  const lang = ALIASES[asked] ?? asked;
  const source = textOf(code).replace(/\n$/, '');
  const known = highlighter.getLoadedLanguages().includes(lang);
  // No time limit per line (Shiki's default is 500 ms): a line that runs past it is left as one plain token, so a
  // busy machine (a build beside other work, the first use of a grammar compiling its patterns) gave other bytes.
  const hast = highlighter.codeToHast(source, { lang: known ? lang : 'text', theme: 'github-dark-default', tokenizeTimeLimit: 0 });
  const pre = hast.children.find((c): c is Element => c.type === 'element' && c.tagName === 'pre')!;
  // The box scrolls, so keyboards must reach it (axe: scrollable-region-focusable). Shiki names it `tabindex`;
  // one `tabIndex` keeps the attribute single when rehype-scroll-boxes sets it again.
  const { tabindex: _, ...props } = pre.properties ?? {};
  pre.properties = { ...props, tabIndex: 0 };
  const label = LABELS[lang] ?? asked;
  const tab = /(^|\s)tab(\s|$)/.test(String((code.data as { meta?: string } | undefined)?.meta ?? ''));
  return {
    type: 'element',
    tagName: 'div',
    properties: { className: ['code-block'], dataLang: lang, ...(tab ? { dataTab: '' } : {}) },
    children: [
      {
        type: 'element',
        tagName: 'div',
        properties: { className: ['code-bar'] },
        children: [
          { type: 'element', tagName: 'span', properties: {}, children: [{ type: 'text', value: label }] },
          {
            type: 'element',
            tagName: 'button',
            properties: { type: 'button', className: ['copy'], dataCopy: '' },
            children: [{ type: 'text', value: 'Copy' }],
          },
        ],
      },
      pre,
    ],
  };
}

const textOf = (n: ElementContent | Element): string =>
  n.type === 'text' ? (n as Text).value : n.type === 'element' ? n.children.map(textOf).join('') : '';
