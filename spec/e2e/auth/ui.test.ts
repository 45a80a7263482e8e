/**
 * The browser clients of each UI library in Chromium: a page of the auth-d1 fixture, written in
 * React, Vue, Svelte and Solid, shows `authClient.useSession()` of `sdk/auth/<library>`, signs in
 * and out through the same client, and re-renders each time; the session survives a reload.
 * Built for the edge and run by `sdk preview` in workerd, as users get it.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { test } from "uvu";
import * as assert from "uvu/assert";
import type { Page } from "playwright-core";
import { closeBrowser, withContext } from "../../helpers/e2e/browser.ts";
import { startBuilt, withServer } from "../../helpers/e2e/targets.ts";
import { copyFixture, expectSuccess, runSdk } from "../../helpers/sdk-cli.ts";

const USER = { name: "Lin", email: "lin@example.test", password: "correct horse battery" };
const SIGN_IN = `{ email: '${USER.email}', password: '${USER.password}' }`;
/** What every page shows: the session's email, or why there is none. */
const WHO = (session: string) => `${session}.data ? 'signed in as ' + ${session}.data.user.email : ${session}.isPending ? 'loading' : 'signed out'`;

/** React's and Solid's page: the same JSX, the session read as a value or through its accessor. */
function jsxPage(library: "react" | "solid", session: string): string {
  return `import { authClient } from "sdk/auth/${library}";

export default function Home() {
  const session = authClient.useSession();
  return (
    <main>
      <p id="who">{${WHO(session)}}</p>
      <button id="sign-in" onClick={() => authClient.signIn.email(${SIGN_IN})}>Sign in</button>
      <button id="sign-out" onClick={() => authClient.signOut()}>Sign out</button>
    </main>
  );
}
`;
}

interface LibraryPage {
  dependency: Record<string, string>;
  file: string;
  source: string;
}

const PAGES: Record<string, LibraryPage> = {
  react: {
    dependency: { react: "^19.0.0", "react-dom": "^19.0.0" },
    file: "pages/index.tsx",
    source: jsxPage("react", "session"),
  },
  vue: {
    dependency: { vue: "^3.5.0" },
    file: "pages/index.vue",
    source: `<script setup lang="ts">
import { authClient } from "sdk/auth/vue";
const session = authClient.useSession();
</script>

<template>
  <main>
    <p id="who">{{ ${WHO("session")} }}</p>
    <button id="sign-in" @click="authClient.signIn.email(${SIGN_IN})">Sign in</button>
    <button id="sign-out" @click="authClient.signOut()">Sign out</button>
  </main>
</template>
`,
  },
  svelte: {
    dependency: { svelte: "^5.0.0" },
    file: "pages/index.svelte",
    source: `<script lang="ts">
  import { authClient } from "sdk/auth/svelte";
  const session = authClient.useSession();
</script>

<main>
  <p id="who">{${WHO("$session")}}</p>
  <button id="sign-in" onclick={() => authClient.signIn.email(${SIGN_IN})}>Sign in</button>
  <button id="sign-out" onclick={() => authClient.signOut()}>Sign out</button>
</main>
`,
  },
  solid: {
    dependency: { "solid-js": "^1.9.0" },
    file: "pages/index.tsx",
    source: jsxPage("solid", "session()"),
  },
};

function buildApp(library: string): string {
  const { dependency, file, source } = PAGES[library]!;
  const root = copyFixture("fixtures", "auth-d1");
  writeFileSync(path.join(root, "package.json"), JSON.stringify({ name: `auth-ui-${library}`, private: true, type: "module", dependencies: dependency }));
  mkdirSync(path.join(root, "pages"));
  writeFileSync(path.join(root, file), source);
  expectSuccess(runSdk(["db", "generate", "--root", root]), "sdk db generate");
  expectSuccess(runSdk(["db", "migrate", "--root", root]), "sdk db migrate");
  expectSuccess(runSdk(["build", "--root", root]), "sdk build");
  return root;
}

async function shows(page: Page, text: string): Promise<void> {
  await page.waitForFunction((expected) => document.querySelector("#who")?.textContent === expected, text, { timeout: 15_000 });
}

for (const library of Object.keys(PAGES)) {
  test(`sdk/auth/${library}: useSession() re-renders on sign-in and sign-out, and keeps the session across a reload`, async () => {
    const root = buildApp(library);
    await withServer(() => startBuilt(root, "edge"), async (server) => {
      const signUp = await fetch(`${server.url}/api/auth/sign-up/email`, { method: "POST", headers: { "content-type": "application/json", origin: server.url }, body: JSON.stringify(USER) });
      assert.is(signUp.status, 200, await signUp.text());
      await withContext({}, async (context) => {
        const page = await context.newPage();
        const errors: string[] = [];
        page.on("pageerror", (error) => errors.push(error.message));
        await page.goto(server.url);
        await shows(page, "signed out");
        await page.click("#sign-in");
        await shows(page, `signed in as ${USER.email}`);
        assert.ok((await context.cookies()).some((cookie) => cookie.name.endsWith(".session_token") && cookie.httpOnly), "an HttpOnly session cookie");
        await page.reload();
        await shows(page, `signed in as ${USER.email}`);
        await page.click("#sign-out");
        await shows(page, "signed out");
        assert.equal(errors, []);
      });
    });
  });
}

test.after(closeBrowser);

test.run();
