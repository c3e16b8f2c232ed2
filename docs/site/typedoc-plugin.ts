/**
 * TypeDoc plugin of the reference site: the spec rendered as project documents, one anchor per
 * rule, every `r[rule.id]` of any page a link to that anchor, and under each rule the API
 * reflections whose TSDoc cites it, the `src/` lines, the tests and the conformance cases that
 * cite it (links to the repository for the last three). Links to the repository's own spec and
 * guide files become links to their pages in the site.
 *
 * Loaded by `npm run docs` (`node --import tsx … typedoc`), listed in `typedoc.json`.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { isAbsolute, join, relative } from 'node:path';
import {
  Converter,
  DocumentReflection,
  MarkdownEvent,
  PageEvent,
  Reflection,
  ReflectionKind,
  Renderer,
  type Application,
  type ProjectReflection,
  type Router,
} from 'typedoc';
import { repoRoot } from '../../test/support/spec-rules.js';
import { repositoryUrl, ruleTraces, RULE_REF, type RuleTrace } from './trace.js';

const MARKER_LINE = /^r\[([a-z][a-z0-9-]*(?:\.[a-z0-9][a-z0-9-]*)+)\][ \t]*$/gm;

function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

function documentText(doc: DocumentReflection): string {
  return doc.content.map((p) => p.text).join('');
}

function commentText(reflection: Reflection): string {
  const parts: string[] = [];
  const add = (r: Reflection) => {
    const c = r.comment;
    if (!c) return;
    parts.push(...c.summary.map((p) => p.text));
    for (const tag of c.blockTags) parts.push(...tag.content.map((p) => p.text));
  };
  add(reflection);
  const signatures = (reflection as { signatures?: Reflection[] }).signatures ?? [];
  for (const s of signatures) add(s);
  return parts.join(' ');
}

/**
 * Calls `fn` on every text run of `html` that is outside tags and outside `<a>`, `<script>`,
 * `<style>`, `<title>` and `<head>` elements, telling it whether the run is inside `<code>`,
 * and puts back what it returns.
 */
function mapText(html: string, fn: (text: string, inCode: boolean) => string): string {
  const tracked = ['a', 'script', 'style', 'title', 'head', 'code'];
  const depth = new Map(tracked.map((t) => [t, 0]));
  return html
    .split(/(<[^>]*>)/)
    .map((piece) => {
      if (piece.startsWith('<')) {
        const m = /^<(\/?)([a-zA-Z]+)/.exec(piece);
        if (m && depth.has(m[2]!.toLowerCase()) && !piece.endsWith('/>')) {
          const tag = m[2]!.toLowerCase();
          depth.set(tag, Math.max(0, depth.get(tag)! + (m[1] ? -1 : 1)));
        }
        return piece;
      }
      const skipped = [...depth].some(([tag, d]) => tag !== 'code' && d > 0);
      return skipped ? piece : fn(piece, depth.get('code')! > 0);
    })
    .join('');
}

/** The plugin's entry point. */
export function load(app: Application): void {
  const traces = ruleTraces();
  const repo = repositoryUrl();
  const blob = (file: string, line?: number) => `${repo}/blob/main/${file}${line ? `#L${line}` : ''}`;
  /** Rule ID → the document that defines it. */
  const ruleDoc = new Map<string, DocumentReflection>();
  /** Repository path of a document's file → the document. */
  const docOfPath = new Map<string, DocumentReflection>();
  /** Rule ID → the API reflections whose comment cites it. */
  const implementers = new Map<string, Reflection[]>();
  const documentFiles = () => (app.options.getValue('projectDocuments') as string[]).flatMap((p) => expand(p));

  app.converter.on(Converter.EVENT_RESOLVE_END, (context) => {
    const project: ProjectReflection = context.project;
    const headings = new Map(documentFiles().map((file) => [firstHeading(readFileSync(join(repoRoot, file), 'utf8')), file]));
    for (const doc of project.getReflectionsByKind(ReflectionKind.Document) as DocumentReflection[]) {
      const text = documentText(doc);
      const file = headings.get(firstHeading(text));
      if (file !== undefined) docOfPath.set(file, doc);
      for (const m of text.matchAll(MARKER_LINE)) ruleDoc.set(m[1]!, doc);
    }
    for (const reflection of Object.values(project.reflections)) {
      // Signatures count for their declaration (commentText reads them), not on their own.
      if (reflection.isDocument() || reflection.isProject() || reflection.kindOf(ReflectionKind.Reference | ReflectionKind.SomeSignature)) continue;
      for (const m of commentText(reflection).matchAll(RULE_REF)) {
        const list = implementers.get(m[1]!) ?? [];
        if (!list.includes(reflection)) list.push(reflection);
        implementers.set(m[1]!, list);
      }
    }
    for (const [id] of traces) if (!ruleDoc.has(id)) app.logger.warn(`rule ${id} is defined in spec/ but no site document renders it; add its file to projectDocuments`);
  });

  // Each marker line of a spec document becomes the rule's anchor, followed by its trace. A
  // priority above typedoc's own listener: this runs on the Markdown, before it becomes HTML.
  app.renderer.on(
    MarkdownEvent.PARSE,
    (event: MarkdownEvent) => {
    if (!(event.page.model instanceof DocumentReflection)) return;
    event.parsedText = event.parsedText.replace(
      MARKER_LINE,
      (_, id: string) => `<div class="rule-marker" id="${id}"><a class="rule-id" href="#${id}">r[${id}]</a><!--rule-trace:${id}--></div>\n`,
    );
    },
    100,
  );

  app.renderer.on(Renderer.EVENT_END_PAGE, (page: PageEvent) => {
    if (page.contents === undefined) return;
    const router = app.renderer.router!;
    const here = page.model;
    const unknown = new Set<string>();
    let html = page.contents.replace(/<!--rule-trace:([^>]+?)-->/g, (_, id: string) => traceHtml(traces.get(id), implementers.get(id) ?? [], router, here, blob));
    html = mapText(html, (text, inCode) =>
      text.replace(RULE_REF, (whole, id: string) => {
        const doc = ruleDoc.get(id);
        if (doc === undefined) {
          // An unknown ID in running text is a mistake; in code it may be an example (`r[rule.id]`).
          if (!inCode) unknown.add(id);
          return whole;
        }
        return `<a class="rule-ref" href="${router.relativeUrl(here, doc)}#${id}">${whole}</a>`;
      }),
    );
    // Links to the repository's copies of rendered documents stay in the site.
    html = html.replace(new RegExp(`href="${escapeRegExp(repo)}/blob/main/([^"#]+)(#[^"]*)?"`, 'g'), (whole, path: string, hash?: string) => {
      const doc = docOfPath.get(path);
      return doc === undefined ? whole : `href="${router.relativeUrl(here, doc)}${hash ?? ''}"`;
    });
    for (const id of unknown) app.logger.error(`${page.url} cites r[${id}], which no spec file defines`);
    page.contents = html;
  });
}

function traceHtml(
  trace: RuleTrace | undefined,
  api: Reflection[],
  router: Router,
  here: PageEvent['model'],
  blob: (file: string, line?: number) => string,
): string {
  if (trace === undefined) return '';
  const link = (href: string, text: string) => `<a href="${escapeHtml(href)}">${escapeHtml(text)}</a>`;
  const uniq = <T>(list: T[], key: (t: T) => string) => [...new Map(list.map((t) => [key(t), t])).values()];
  const items: string[] = [];
  const apiLinks = api.filter((r) => router.hasUrl(r)).map((r) => link(router.relativeUrl(here, r), r.getFriendlyFullName()));
  if (apiLinks.length > 0) items.push(`<li>API: ${apiLinks.join(', ')}</li>`);
  const src = uniq(trace.source, (c) => `${c.file}:${c.line}`).map((c) => link(blob(c.file, c.line), `${c.file}:${c.line}`));
  if (src.length > 0) items.push(`<li>Code: ${src.join(', ')}</li>`);
  const tests = uniq(trace.tests, (c) => `${c.file}:${c.line}`).map((c) => `${link(blob(c.file, c.line), `${c.file}:${c.line}`)} ${escapeHtml(c.title)}`);
  if (tests.length > 0) items.push(`<li>Tests:<ul>${tests.map((t) => `<li>${t}</li>`).join('')}</ul></li>`);
  const cases = uniq(trace.cases, (c) => c.title).map((c) => link(blob(c.file), c.title));
  if (cases.length > 0) items.push(`<li>Conformance cases: ${cases.join(', ')}</li>`);
  const summary = `${apiLinks.length} API, ${src.length} code, ${tests.length} tests, ${cases.length} cases`;
  return ` <details class="rule-trace"><summary>${summary}</summary><ul>${items.join('')}</ul></details>`;
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

function firstHeading(markdown: string): string {
  return /^#\s+(.+)$/m.exec(markdown)?.[1]?.trim() ?? '';
}

/** Expands a `dir/*.md` pattern (the only glob form typedoc.json uses here) to repository paths. */
function expand(pattern: string): string[] {
  const rel = (isAbsolute(pattern) ? relative(repoRoot, pattern) : pattern).replace(/^\.\//, '');
  const star = rel.indexOf('*');
  if (star < 0) return [rel];
  const dir = rel.slice(0, rel.lastIndexOf('/', star));
  const suffix = rel.slice(star + 1);
  return readdirSync(join(repoRoot, dir))
    .sort()
    .filter((f) => f.endsWith(suffix))
    .map((f) => `${dir}/${f}`);
}
