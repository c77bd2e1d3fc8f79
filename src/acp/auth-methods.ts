import type { AuthMethod } from "@agentclientprotocol/sdk";

// The sign-ins `initialize` offers (authenticate.ts carries them out): plain data, so the answer
// to initialize loads nothing else.

export const AUTH_METHODS: AuthMethod[] = [
  {
    id: "chatgpt",
    name: "Sign in with ChatGPT",
    description: "A device code: open the link shown, enter the code, and the plan's usage counts.",
  },
  {
    id: "api-key",
    name: "OpenAI API key",
    description:
      "Uses OPENAI_API_KEY when it is set; else asks for a key and saves it in auth.json (`mini-codex login --with-api-key`).",
  },
  {
    id: "demo",
    name: "Demo provider",
    description: "The embedded rule-based model: offline, no account, nothing leaves the machine.",
  },
];
