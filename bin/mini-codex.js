#!/usr/bin/env node
import { runCli } from "../dist/cli/main.js";

process.exit(await runCli(process.argv));
