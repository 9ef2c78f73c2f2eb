// The message catalogues (issue 47, docs/i18n.md, ADR 052).
//
// `npm run i18n:extract` — writes each folder's English catalogue, `<folder>/locales/en.json`, from the messages its
// `messages.ts` declares (`defineMessages({ key: { id, defaultMessage, description } })`, literal strings only).
// `npm run i18n:check` (part of `npm run lint`) — fails when:
//   - a messages.ts has an id twice, an id without its folder's prefix (`<prefix>.<name>`), or a non-literal message;
//   - two folders use the same prefix, or an English catalogue is not what extraction would write (stale);
//   - a language's catalogue lacks a key of the English one, or has a key the English one does not (unused);
//   - a message (English or translated) is not valid ICU MessageFormat, or a translation's placeholders, plurals,
//     selects and tags are not the English message's.
// Translations live beside the English catalogue: `<folder>/locales/es.json`, `<folder>/locales/ar.json`.
import { readdirSync, readFileSync, existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const SOURCE_ROOTS = ['apps/web/src', 'apps/server/src'];
const requireFromWeb = createRequire(path.join(root, 'apps/web/package.json'));
const { parse, TYPE } = requireFromWeb('@formatjs/icu-messageformat-parser');

/** The languages besides English, as the contract lists them (packages/contract/src/constants/languages.ts). */
function translatedLanguages() {
  const source = readFileSync(path.join(root, 'packages/contract/src/constants/languages.ts'), 'utf8');
  const list = /export const LANGUAGES = \[([^\]]*)\]/.exec(source)?.[1];
  if (!list) throw new Error('LANGUAGES not found in the contract');
  return [...list.matchAll(/'([^']+)'/g)].map((match) => match[1]).filter((language) => language !== 'en');
}

function walk(dir, found = []) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist') continue;
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) walk(full, found);
    else found.push(full);
  }
  return found;
}

const relative = (file) => path.relative(root, file);

/** The messages a messages.ts declares: [{ id, defaultMessage }], and the problems found reading it. */
function messagesOf(file) {
  const sourceFile = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
  const messages = [];
  const problems = [];
  const literal = (node) =>
    node && (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) ? node.text : undefined;
  const visit = (node) => {
    if (ts.isCallExpression(node) && node.expression.getText() === 'defineMessages') {
      const [argument] = node.arguments;
      if (!argument || !ts.isObjectLiteralExpression(argument)) {
        problems.push(`${relative(file)}: defineMessages takes an object literal`);
        return;
      }
      for (const property of argument.properties) {
        const where = `${relative(file)}:${sourceFile.getLineAndCharacterOfPosition(property.getStart()).line + 1}`;
        if (!ts.isPropertyAssignment(property) || !ts.isObjectLiteralExpression(property.initializer)) {
          problems.push(`${where}: each message is \`key: { id, defaultMessage }\``);
          continue;
        }
        const fields = Object.fromEntries(
          property.initializer.properties
            .filter(ts.isPropertyAssignment)
            .map((field) => [field.name.getText(), field.initializer]),
        );
        const id = literal(fields.id);
        const defaultMessage = literal(fields.defaultMessage);
        if (id === undefined || defaultMessage === undefined) {
          problems.push(`${where}: id and defaultMessage must be string literals`);
          continue;
        }
        messages.push({ id, defaultMessage, where });
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(sourceFile);
  return { messages, problems };
}

/** The ICU arguments and tags of a message, e.g. `count:plural`, `name`, `<link>`; throws on invalid syntax. */
function shapeOf(message) {
  const shape = new Set();
  const collect = (elements) => {
    for (const element of elements) {
      if (element.type === TYPE.argument) shape.add(element.value);
      else if (element.type === TYPE.number || element.type === TYPE.date || element.type === TYPE.time)
        shape.add(`${element.value}:${TYPE[element.type]}`);
      else if (element.type === TYPE.plural || element.type === TYPE.select) {
        shape.add(`${element.value}:${element.type === TYPE.plural ? 'plural' : 'select'}`);
        for (const option of Object.values(element.options)) collect(option.value);
      } else if (element.type === TYPE.tag) {
        shape.add(`<${element.value}>`);
        collect(element.children);
      }
    }
  };
  collect(parse(message));
  return [...shape].sort().join(', ');
}

const readJson = (file) => JSON.parse(readFileSync(file, 'utf8'));
const catalogueText = (messages) => `${JSON.stringify(messages, null, 2)}\n`;

function run(mode) {
  const problems = [];
  const files = SOURCE_ROOTS.flatMap((sourceRoot) => walk(path.join(root, sourceRoot)));
  const messageFiles = files.filter((file) => path.basename(file) === 'messages.ts');
  const languages = translatedLanguages();
  const prefixes = new Map();
  const ids = new Map();
  const folders = new Set();
  let count = 0;

  for (const file of messageFiles) {
    const folder = path.dirname(file);
    folders.add(folder);
    const { messages, problems: found } = messagesOf(file);
    problems.push(...found);
    const english = {};
    for (const { id, defaultMessage, where } of messages) {
      const prefix = id.split('.')[0];
      if (!/^[a-z][\w-]*\.[\w.-]+$/i.test(id)) problems.push(`${where}: id "${id}" is not <prefix>.<name>`);
      const owner = prefixes.get(prefix);
      if (owner && owner !== folder) problems.push(`${where}: prefix "${prefix}" is already ${relative(owner)}'s`);
      prefixes.set(prefix, folder);
      if (ids.has(id)) problems.push(`${where}: id "${id}" is also declared at ${ids.get(id)}`);
      ids.set(id, where);
      try {
        shapeOf(defaultMessage);
      } catch (error) {
        problems.push(`${where}: "${id}" is not valid ICU MessageFormat (${error.message})`);
      }
      english[id] = defaultMessage;
      count += 1;
    }
    const sorted = Object.fromEntries(Object.entries(english).sort(([a], [b]) => a.localeCompare(b)));
    const englishFile = path.join(folder, 'locales', 'en.json');
    if (mode === 'extract') {
      mkdirSync(path.dirname(englishFile), { recursive: true });
      writeFileSync(englishFile, catalogueText(sorted));
    } else if (!existsSync(englishFile) || readFileSync(englishFile, 'utf8') !== catalogueText(sorted)) {
      problems.push(`${relative(englishFile)} is not what ${relative(file)} declares: run npm run i18n:extract`);
    }

    for (const language of languages) {
      const catalogueFile = path.join(folder, 'locales', `${language}.json`);
      if (!existsSync(catalogueFile)) {
        if (Object.keys(sorted).length) problems.push(`${relative(catalogueFile)} is missing`);
        continue;
      }
      const translated = readJson(catalogueFile);
      for (const id of Object.keys(sorted)) {
        if (!(id in translated)) problems.push(`${relative(catalogueFile)} lacks "${id}"`);
      }
      for (const [id, message] of Object.entries(translated)) {
        if (!(id in sorted)) {
          problems.push(`${relative(catalogueFile)} has "${id}", which ${relative(file)} does not declare (unused)`);
          continue;
        }
        try {
          const shape = shapeOf(message);
          const expected = shapeOf(sorted[id]);
          if (shape !== expected) {
            problems.push(`${relative(catalogueFile)} "${id}" has {${shape}} where English has {${expected}}`);
          }
        } catch (error) {
          problems.push(`${relative(catalogueFile)} "${id}" is not valid ICU MessageFormat (${error.message})`);
        }
      }
    }
  }

  // A catalogue beside no messages.ts: every key of it is unused.
  for (const file of files) {
    if (path.basename(path.dirname(file)) !== 'locales' || !file.endsWith('.json')) continue;
    if (!folders.has(path.dirname(path.dirname(file)))) {
      problems.push(`${relative(file)} has no messages.ts beside its folder (all its keys are unused)`);
    }
  }

  if (problems.length) {
    console.error(`i18n: ${problems.length} problem(s)\n${problems.map((problem) => `  - ${problem}`).join('\n')}`);
    process.exit(1);
  }
  console.log(
    `i18n: ${count} messages in ${messageFiles.length} folders, ${mode === 'extract' ? 'English catalogues written' : `complete in ${['en', ...languages].join(', ')}`}`,
  );
}

const mode = process.argv[2];
if (mode !== 'extract' && mode !== 'check') {
  console.error('usage: node scripts/i18n.mjs extract|check');
  process.exit(2);
}
run(mode);
