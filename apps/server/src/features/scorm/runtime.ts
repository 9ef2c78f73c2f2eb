import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { ScormState } from '@lyceum/contract';

/*
 * The runtime inside the package's frame (ADR 067). Opaque origins are unique per document, so an API in a parent
 * or launcher frame is out of the SCO's reach: scorm-again (pinned) is loaded by each HTML page of the package as its
 * first script, from the same isolated path, and puts window.API (1.2) or window.API_1484_11 (2004) on the page's
 * own window, where the ADL discovery algorithm looks first. It starts from the learner's state (written into the
 * script by the server: no request before the SCO initialises), commits with text/plain JSON (no preflight from an
 * opaque origin) and, as the page goes away (pagehide, or hidden), sends the last state with navigator.sendBeacon.
 */

export const RUNTIME_FILE = '__lyceum__/runtime.js';
/** HTML files up to this size get the runtime's script tag (larger ones are served as they are). */
const INJECT_MAX_BYTES = 8 * 1024 * 1024;

const require = createRequire(import.meta.url);
let libraries: { '1.2': string; '2004': string } | null = null;
function library(version: '1.2' | '2004'): string {
  libraries ??= {
    '1.2': readFileSync(require.resolve('scorm-again/scorm12/min'), 'utf8').replace(/\/\/# sourceMappingURL=.*$/m, ''),
    '2004': readFileSync(require.resolve('scorm-again/scorm2004/min'), 'utf8').replace(
      /\/\/# sourceMappingURL=.*$/m,
      '',
    ),
  };
  return libraries[version];
}

/** JSON safe inside a script element. */
const scriptJson = (value: unknown) =>
  JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');

const GLUE = `
(function (boot) {
  "use strict";
  var v12 = boot.version === "1.2";
  var Api = v12 ? window.Scorm12API : window.Scorm2004API;
  if (!Api || window.API || window.API_1484_11) return;
  var ok = function (response) {
    return Promise.resolve({ result: response.ok ? "true" : "false", errorCode: response.ok ? 0 : 101 });
  };
  var api = new Api({
    lmsCommitUrl: boot.commitUrl,
    dataCommitFormat: "flattened",
    includeCommitSequence: true,
    commitRequestDataType: "text/plain;charset=UTF-8",
    autocommit: true,
    autocommitSeconds: 30,
    useAsynchronousCommits: true,
    asyncModeBeaconBehavior: "on-terminate",
    fetchMode: "cors",
    xhrWithCredentials: false,
    responseHandler: ok,
    xhrResponseHandler: function (xhr) {
      var good = xhr.status >= 200 && xhr.status < 300;
      return { result: good ? "true" : "false", errorCode: good ? 0 : 101 };
    },
    logLevel: 4
  });
  api.loadFromFlattenedJSON(boot.cmi, "");
  if (v12) window.API = api; else window.API_1484_11 = api;
  var sent = false;
  var last = function () {
    if (!boot.attempt || sent || !api.isInitialized || !api.isInitialized()) return;
    try {
      var cmi = api.renderCommitCMI(true);
      // After every commit the runtime sent: the server keeps the newest of one launch.
      cmi.commitSequence = ++api._commitSequence;
      var body = JSON.stringify(cmi);
      sent = navigator.sendBeacon(boot.commitUrl, new Blob([body], { type: "text/plain;charset=UTF-8" }));
    } catch (e) { /* the page is going away */ }
  };
  window.addEventListener("pagehide", last);
  document.addEventListener("visibilitychange", function () {
    if (document.visibilityState === "hidden") last(); else sent = false;
  });
})(`;

/** The runtime script of a launch: scorm-again for the package's version, then the glue with the state. */
export function runtimeScript(state: ScormState, commitUrl: string): string {
  const boot = { version: state.version, attempt: state.attemptId !== null, commitUrl, cmi: state.cmi };
  return `${library(state.version)}\n${GLUE}${scriptJson(boot)});\n`;
}

/** An HTML page of the package with the runtime's script first (after the doctype, so no quirks mode). */
export function withRuntime(html: Buffer, runtimeUrl: string): Buffer | null {
  if (html.byteLength > INJECT_MAX_BYTES) return null;
  const text = html.toString('utf8');
  const tag = `<script src="${runtimeUrl}"></script>`;
  const doctype = /^(\uFEFF?\s*(?:<\?xml[^>]*>\s*)?(?:<!--[\s\S]*?-->\s*)*<!doctype[^>]*>)/i.exec(text);
  const at = doctype ? doctype[1]!.length : 0;
  return Buffer.from(text.slice(0, at) + tag + text.slice(at), 'utf8');
}
