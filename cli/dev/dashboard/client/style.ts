/** The dashboard's look: system fonts, light and dark, dense tables. */
export const STYLE = `
:root { color-scheme: light dark; --fg: #1b1f24; --muted: #6a737d; --line: #e1e4e8; --bg: #fff; --panel: #f6f8fa; --accent: #0969da; --bad: #cf222e; --good: #1a7f37; }
@media (prefers-color-scheme: dark) { :root { --fg: #e6edf3; --muted: #8b949e; --line: #30363d; --bg: #0d1117; --panel: #161b22; --accent: #58a6ff; --bad: #f85149; --good: #3fb950; } }
* { box-sizing: border-box; }
body { margin: 0; font: 13px/1.45 system-ui, -apple-system, "Segoe UI", sans-serif; color: var(--fg); background: var(--bg); }
header { display: flex; gap: 1.5rem; align-items: center; padding: .6rem 1.2rem; border-bottom: 1px solid var(--line); background: var(--panel); position: sticky; top: 0; }
nav { display: flex; gap: .25rem; flex: 1; }
.tab { padding: .3rem .8rem; border-radius: 6px; color: var(--fg); text-decoration: none; border: 1px solid transparent; background: none; cursor: pointer; font: inherit; }
.tab.active { border-color: var(--line); background: var(--bg); font-weight: 600; }
main { padding: 1rem 1.2rem; }
h2 { font-size: 1rem; margin: 1.2rem 0 .5rem; }
table { border-collapse: collapse; width: 100%; margin-bottom: .5rem; }
th, td { text-align: left; padding: .3rem .6rem; border-bottom: 1px solid var(--line); vertical-align: top; }
th { color: var(--muted); font-weight: 500; }
code, pre, .file button { font: 12px ui-monospace, SFMono-Regular, Menlo, monospace; }
pre.output { background: var(--panel); border: 1px solid var(--line); border-radius: 6px; padding: .5rem; white-space: pre-wrap; margin: .3rem 0; }
.muted { color: var(--muted); }
.error { color: var(--bad); }
.ok { color: var(--good); }
.method { display: inline-block; font: 600 11px ui-monospace, monospace; padding: 0 .35rem; margin-right: .25rem; border-radius: 4px; background: var(--panel); border: 1px solid var(--line); }
.method.GET { color: var(--good); } .method.POST { color: var(--accent); } .method.DELETE { color: var(--bad); }
button { font: inherit; padding: .2rem .7rem; border: 1px solid var(--line); border-radius: 6px; background: var(--panel); color: var(--fg); cursor: pointer; }
button.link { border: none; background: none; padding: 0; color: var(--accent); cursor: pointer; text-align: left; }
button.danger { color: var(--bad); padding: 0 .4rem; font-size: 11px; }
input, textarea { font: 12px ui-monospace, monospace; padding: .3rem .5rem; border: 1px solid var(--line); border-radius: 6px; background: var(--bg); color: var(--fg); }
textarea { width: 100%; }
input.wide { min-width: 24rem; }
.toolbar, .row { display: flex; gap: .6rem; align-items: center; margin: .4rem 0; flex-wrap: wrap; }
.toolbar input[type=search] { min-width: 20rem; }
tr.failed td.status { color: var(--bad); font-weight: 600; }
table.requests tbody tr:not(.details) { cursor: pointer; }
tr.details td { background: var(--panel); }
.timing-bar { display: inline-flex; width: 8rem; height: .6rem; border-radius: 3px; overflow: hidden; background: var(--line); vertical-align: middle; }
.timing-bar span { display: block; height: 100%; min-width: 2px; }
ul.timings { list-style: none; padding: 0; margin: .3rem 0; }
.job, .store { border: 1px solid var(--line); border-radius: 8px; padding: .4rem .8rem; margin-bottom: .8rem; }
ul.runs { list-style: none; padding: 0; margin: .3rem 0; }
`;
