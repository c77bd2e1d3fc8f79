import { info, type SlashCommand } from "../types.js";

export const skillsCommand: SlashCommand = {
  name: "skills",
  description: "the skills the model may use ($name in a message uses one)",
  allowedWhileBusy: true,
  run(ctx) {
    const skills = ctx.controller.session.knowledge?.skills ?? [];
    if (skills.length === 0) {
      ctx.print(
        info(
          "No skills. A skill is a folder with a SKILL.md in .agents/skills (project) or ~/.agents/skills.",
        ),
      );
      return;
    }
    ctx.print({
      kind: "info",
      title: "Skills",
      lines: [
        ...skills.flatMap((skill) => [
          `$${skill.name}  (${skill.scope})  ${skill.description}`,
          `    ${skill.path}`,
        ]),
        "Read when the session started; /new reads them again.",
      ],
    });
  },
};
