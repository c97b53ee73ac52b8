import { button, defineTemplate, esc, layout, plain } from './template';

export interface AnswersNeededData {
  firmName: string;
  questions: string[];
  /** When the run gives up waiting (ISO). */
  deadline: string;
  /** Link to the founder's submissions. */
  url: string;
}

export const answersNeeded = defineTemplate<AnswersNeededData>({
  name: 'answers-needed',
  category: 'notification',
  render(d, ctx) {
    const title = `Needs your answers: ${d.firmName}`;
    const until = new Date(d.deadline).toUTCString();
    const intro = `The application form of ${d.firmName} asks ${d.questions.length === 1 ? 'a question' : `${d.questions.length} questions`} that your profile and saved answers do not answer. Nothing has been sent; answer in your submissions and the application continues from the form.`;
    const after = `If there is no answer by ${until}, the application stops and your credit is refunded.`;
    return {
      subject: title,
      html: layout({
        title,
        ctx,
        bodyHtml: `<p>${esc(intro)}</p><ul>${d.questions.map((q) => `<li>${esc(q)}</li>`).join('')}</ul><p>${esc(after)}</p>${button('Answer now', d.url)}`,
      }),
      text: plain(
        [title, '', intro, '', ...d.questions.map((q) => `- ${q}`), '', after, '', `Answer now: ${d.url}`],
        ctx,
      ),
    };
  },
});
