// Loaded with `node --import` when /usr/bin/time is missing: prints the process's peak RSS on exit.
process.on("exit", () => process.stderr.write(`\nBENCH_MAX_RSS_KB=${process.resourceUsage().maxRSS}\n`));
