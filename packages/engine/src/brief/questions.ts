// Questions the piece should answer, from templates per topic kind plus one or two per goal.
// Templates only rephrase the topic; they never state anything about it.

import type { TopicShape } from './topic.js';
import type { Goal } from './types.js';

export function questionsFor(shape: TopicShape, audience: string, goal: Goal): string[] {
  const s = shape.subject;
  const base: string[] = (() => {
    switch (shape.kind) {
      case 'how-to':
        return [
          `What do you need before you ${s}?`,
          `What are the steps to ${s}?`,
          `How long does it take to ${s}?`,
          `What are the most common mistakes when you ${s}?`,
          `How can you tell that it worked?`,
        ];
      case 'definition':
        return [
          `What is ${s}?`,
          `How does ${s} work?`,
          `Why does ${s} matter for ${audience}?`,
          `What is an example of ${s}?`,
          `What is ${s} often confused with?`,
        ];
      case 'comparison': {
        const [x, y] = shape.sides!;
        return [
          `What is the difference between ${x} and ${y}?`,
          `When is ${x} the better choice?`,
          `When is ${y} the better choice?`,
          `How do ${x} and ${y} compare on cost and effort?`,
          `Can ${x} and ${y} be used together?`,
        ];
      }
      case 'list':
        return [
          `What should ${audience} look for in ${s}?`,
          `Which ${s} suit beginners?`,
          `What do ${s} cost?`,
          `What are the trade-offs between the options?`,
        ];
      case 'product':
        return [
          `What does ${s} include?`,
          `Who is ${s} for?`,
          `What does ${s} cost, and what affects the price?`,
          `How does ${s} compare with the alternatives?`,
        ];
      case 'general':
        return [`What is ${s}?`, `Why does ${s} matter for ${audience}?`, `How does ${s} work?`, `What are common mistakes with ${s}?`];
    }
  })();
  // A how-to subject is a verb phrase ("store herbs"), so its goal questions are phrased apart.
  const howTo = shape.kind === 'how-to';
  const noun = shape.kind === 'comparison' ? shape.topic : s;
  const byGoal: Record<Goal, string[]> = {
    awareness: [howTo ? `Where can ${audience} learn more about how to ${s}?` : `Where can ${audience} learn more about ${noun}?`],
    consideration: howTo
      ? [`What other ways are there to ${s}?`, `How should ${audience} choose a method?`]
      : [`What are the alternatives to ${noun}?`, `How should ${audience} decide?`],
    conversion: [howTo ? 'What is the easiest way to start?' : `How do you get started with ${noun}?`],
    retention: [howTo ? 'How can you do it better next time?' : `How do you get more out of ${noun}?`, 'What should you do when something goes wrong?'],
  };
  const all = [...base, ...byGoal[goal]];
  return all.filter((q, i) => all.findIndex((other) => other.toLowerCase() === q.toLowerCase()) === i);
}
