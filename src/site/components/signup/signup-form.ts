// The sign-up form with script: the plan from the page's `?plan=` chosen, the form sent as JSON, and the answer shown
// in place: the thank-you section, or each field's own message beside it (aria-invalid, focus on the first), or the
// form's message (too many tries, the store down). Without script the form posts and the endpoint answers with pages.

interface Answer {
  data?: { email: string; repeat: boolean };
  message?: string;
  fields?: Record<string, string>;
}

export function enhanceSignupForm(doc: Document): void {
  const form = doc.querySelector<HTMLFormElement>('form[data-signup]');
  const thanks = doc.querySelector<HTMLElement>('[data-thanks]');
  if (!form || !thanks) return;
  const plan = new URLSearchParams(doc.location.search).get('plan');
  const select = form.elements.namedItem('plan') as HTMLSelectElement | null;
  if (plan && select && [...select.options].some((o) => o.value === plan)) select.value = plan;

  const errorOf = (name: string) => form.querySelector<HTMLElement>(`[data-error="${name}"]`);
  const clear = () => {
    for (const el of form.querySelectorAll<HTMLElement>('[data-error]')) el.textContent = '';
    for (const el of form.querySelectorAll('[aria-invalid]')) el.removeAttribute('aria-invalid');
  };
  const button = form.querySelector<HTMLButtonElement>('button[type="submit"]');

  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    clear();
    const body = Object.fromEntries([...new FormData(form)].map(([k, v]) => [k, String(v)]));
    if (button) button.disabled = true;
    let res: Response;
    let answer: Answer;
    try {
      res = await fetch(form.action, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify(body),
      });
      answer = (await res.json()) as Answer;
    } catch {
      errorOf('form')!.textContent = 'Your sign-up could not be sent: check your connection and try again.';
      if (button) button.disabled = false;
      return;
    }
    if (button) button.disabled = false;
    if (res.ok && answer.data) {
      const email = thanks.querySelector('[data-email]');
      if (email) email.textContent = answer.data.email;
      thanks.querySelector<HTMLElement>('[data-repeat]')!.hidden = !answer.data.repeat;
      thanks.classList.add('shown');
      thanks.focus();
      return;
    }
    const fields = Object.entries(answer.fields ?? {});
    for (const [name, message] of fields) {
      const input = form.elements.namedItem(name);
      const where = errorOf(name);
      if (where) where.textContent = message;
      if (input instanceof HTMLElement) input.setAttribute('aria-invalid', 'true');
    }
    const first = fields.map(([name]) => form.elements.namedItem(name)).find((el) => el instanceof HTMLElement);
    if (first instanceof HTMLElement) first.focus();
    else errorOf('form')!.textContent = answer.message ?? `Your sign-up was not taken (HTTP ${res.status}); please try again.`;
  });
}
