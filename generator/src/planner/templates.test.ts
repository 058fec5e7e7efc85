import { describe, expect, it } from 'vitest';
import { entry, plan } from './catalog-plan.test-support.ts';
import { listedMessage, readTemplates } from './templates.ts';

// Templates written in a prompt become the text of a field or message, with each placeholder
// grounded in the source record's fields (worded unlike any benchmark task).

describe('templates in a prompt', () => {
  const issue = entry('github').resources.find((r) => r.name === 'issue')!;

  it('reads quoted templates and "format:" lines, with <…>, {…} and {{…}} placeholders', () => {
    const [quoted] = readTemplates('Title each card "Bug {{number}}: <the title>" please', issue);
    expect(quoted?.template).toBe('Bug {number}: {title}');
    const [line] = readTemplates(
      'Post to the channel.\nText should be: [<state>] {html_url}',
      issue,
    );
    expect(line?.template).toBe('[{state}] {html_url}');
  });

  it('keeps a fallback for an empty value, and names placeholders no field answers to', () => {
    const [template] = readTemplates(
      'message format: <title> (owner: <user login, or "unassigned" when empty>) <mood>',
      issue,
    );
    expect(template?.template).toBe('{title} (owner: {user.login|unassigned}) <mood>');
    expect(template?.unmatched).toEqual(['mood']);
  });

  it('writes the template into the field the words before it name, else the title', () => {
    const named = plan(
      'copy new GitHub issues in octo/app to Todoist; set the description to "Reported by <user login> at <html_url>"',
      'github',
      'todoist',
    );
    expect(named.destination?.rules).toContainEqual(
      expect.objectContaining({
        to: 'description',
        template: 'Reported by {user.login} at {html_url}',
      }),
    );
    const title = plan(
      'for each new GitHub issue in octo/app add a Todoist task "Triage #<number>: <title>"',
      'github',
      'todoist',
    );
    expect(title.destination?.rules).toContainEqual(
      expect.objectContaining({ to: 'content', template: 'Triage #{number}: {title}' }),
    );
    expect(title.blocking).toEqual([]);
  });

  it('makes a message of a template, and says what it could not fill', () => {
    const chat = plan(
      'tell #eng on Slack about new GitHub issues in octo/app, like this: "New: <title> by <user login> — <severity>"',
      'github',
      'slack',
    );
    expect(chat.destination?.message?.template).toBe('New: {title} by {user.login} — <severity>');
    expect(chat.unresolved.join('\n')).toMatch(/"<severity>".*left empty/);
  });
});

describe('fields a list returns only when asked', () => {
  it('asks for every field the plan maps, templates, filters or keys on', () => {
    const tasks = plan(
      'post each Asana task of project gid 4242 to #ops on Slack as "<name> (due <due_on>) for <assignee name>"',
      'asana',
      'slack',
    );
    expect(String(tasks.source?.query.opt_fields).split(',')).toEqual(
      expect.arrayContaining(['name', 'due_on', 'assignee.name', 'gid']),
    );
    // HubSpot names the fields inside `properties`.
    const contacts = plan('copy HubSpot contacts into Stripe customers', 'hubspot', 'stripe');
    expect(String(contacts.source?.query.properties).split(',')).toEqual(
      expect.arrayContaining(['email']),
    );
  });

  const issue = entry('github').resources.find((r) => r.name === 'issue')!;

  it('turns a listed message into a headline and labelled lines, a "first N characters" cut', () => {
    const short = listedMessage(
      'For each new issue, drop a note in #triage showing the title, the reporter, the first 80 chars of the body and its url.',
      issue,
    );
    expect(short?.template).toBe(
      '{title}\nReporter: {user.login}\nBody: {body:80}\nUrl: {html_url}',
    );
    expect(short?.unmatched).toEqual([]);
    // An item no field answers to is named, not dropped silently.
    expect(listedMessage('Ping #ops containing the title, mood and url', issue)?.unmatched).toEqual(
      ['mood'],
    );
    // The list stops where the prompt says where to post.
    expect(
      listedMessage('Send a note with the title and state to #ops every hour', issue)?.template,
    ).toBe('{title}\nState: {state}');
    // A single item is not a list.
    expect(listedMessage('Ping #ops with the title', issue)).toBeUndefined();
  });
});

describe('a fallback said apart from the template', () => {
  const tasks = entry('asana').resources.find((r) => r.name === 'task')!;
  it.each([
    'Comment format: "{name} is due, owner {assignee name}". If the assignee name is missing, write "no owner".',
    'Comment format: "{name} is due, owner {assignee name}"; put the text "no owner" when the assignee name is empty.',
  ])('%s', (prompt) => {
    const [template] = readTemplates(prompt, tasks);
    expect(template?.template).toBe('{name} is due, owner {assignee.name|no owner}');
    expect(template?.fallbackPhrases).toHaveLength(1);
  });

  it('gives nothing to a placeholder whose field the sentence does not name', () => {
    const [template] = readTemplates(
      'Format: "{name} ({notes})". If the due date is empty, use "someday".',
      tasks,
    );
    expect(template?.template).toBe('{name} ({notes})');
  });
});

describe('a pasted spec, line by line', () => {
  it('ends a "format:" template at the end of its line', () => {
    const planned = plan(
      'Each Asana task of project 7700 goes to Slack #ops\nFormat: {name}, due {due on}\nNothing is sent for tasks without a due date.',
      'asana',
      'slack',
    );
    expect(planned.destination?.message?.template).toBe('{name}, due {due_on}');
  });
});

describe('the full stop at the end of a template line', () => {
  const issue = entry('github').resources.find((r) => r.name === 'issue')!;
  it('belongs to a template of several sentences, and not to a one-sentence one', () => {
    const [sentences] = readTemplates('Format: {title} is late. Ping {user login}.', issue);
    expect(sentences?.template).toBe('{title} is late. Ping {user.login}.');
    const [one] = readTemplates('Format: {title} is late.', issue);
    expect(one?.template).toBe('{title} is late');
  });
});

describe('words inside a template or a quoted example', () => {
  it('are no condition on the records', () => {
    const planned = plan(
      'Post every GitHub issue of acme/app to Slack #bugs as "Open today: <title>", e.g. "Open today: Login fails over 100 times"',
      'github',
      'slack',
    );
    expect(planned.filters.filter((f) => f.field !== 'pull_request')).toEqual([]);
  });
});

describe('a message’s contents in brackets', () => {
  it('lists the fields after the headline, as "with its …" does', () => {
    const mrs = entry('gitlab').resources.find((r) => r.name === 'merge request')!;
    const listed = listedMessage(
      'Ping #rel about each merged MR of tools/deployer (title, author, web url)',
      mrs,
    );
    expect(listed?.template).toBe('{title}\nAuthor: {author.username}\nWeb url: {web_url}');
  });

  it('leaves a bracket that is not a list of fields alone', () => {
    const mrs = entry('gitlab').resources.find((r) => r.name === 'merge request')!;
    expect(listedMessage('Ping #rel about each MR (weekdays only, please)', mrs)).toBeUndefined();
  });
});

describe('a sample number in a template', () => {
  it('is the record’s own number', () => {
    const issue = entry('github').resources.find((r) => r.name === 'issue')!;
    const [sample] = readTemplates('Name each card like "Bug #7 – <title>"', issue);
    expect(sample?.template).toBe('Bug #{number} – {title}');
    const [plain] = readTemplates('Name each card like "Release #7"', issue);
    expect(plain).toBeUndefined();
  });
});

describe('a placeholder that names whose field it is first', () => {
  it('drops the owner word before the field', () => {
    const planned = plan(
      'For each refunded Stripe charge, write to Slack #money: "Refund {id} – <Acme\'s failure code>".',
      'stripe',
      'slack',
    );
    expect(planned.destination?.message?.template).toBe('Refund {id} – {failure_code}');
  });
});

describe('several labelled parts on one line', () => {
  const issue = entry('github').resources.find((r) => r.name === 'issue')!;
  const prompt =
    'A task per issue of octo/tools, please. Name: <issue title> (#<number>). Notes, two lines: State: <open or closed> / <link to the issue>. Leave pull requests out.';

  it('ends each template where the next label or a plain sentence starts', () => {
    const templates = readTemplates(prompt, issue);
    expect(templates.map((t) => t.template)).toEqual([
      '{title} (#{number})',
      'State: {state}\n{html_url}',
    ]);
    expect(templates.every((t) => t.unmatched.length === 0)).toBe(true);
  });

  it('writes each into the field its label names, and accounts for the labels', () => {
    const planned = plan(prompt, 'github', 'asana');
    expect(planned.destination?.rules).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ to: 'name', template: '{title} (#{number})' }),
        expect.objectContaining({ to: 'notes', template: 'State: {state}\n{html_url}' }),
      ]),
    );
    expect(planned.unresolved.join('\n')).not.toMatch(/Name:|Notes, two lines/);
  });

  it('keeps slashes as text unless the label asks for lines', () => {
    const [line] = readTemplates('Summary: <title> / <state>. Thanks!', issue);
    expect(line?.template).toBe('{title} / {state}');
  });
});

describe('a placeholder written as the field’s choices or as a link', () => {
  const incident = entry('pagerduty').resources.find((r) => r.name === 'incident')!;
  it('stands for the field whose values they are, and for the record’s web address', () => {
    const [template] = readTemplates(
      'Text: <high|low> incident <title> is <triggered, acknowledged or resolved>, see <link to it in PagerDuty>',
      incident,
    );
    expect(template?.template).toBe('{urgency} incident {title} is {status}, see {html_url}');
  });
});

describe('a template on the line after its label', () => {
  const issue = entry('github').resources.find((r) => r.name === 'issue')!;
  it('is that whole line, its last plain sentence included, and not the notes under it', () => {
    const [template] = readTemplates(
      'Post each issue to #dev with this text:\nHeads up: <title> is open. Have a look!\nwhere <title> is the issue title.',
      issue,
    );
    expect(template?.template).toBe('Heads up: {title} is open. Have a look!');
  });
});

describe('a template in single quotes', () => {
  const issue = entry('gitlab').resources.find((r) => r.name === 'issue')!;

  it('is read like a double-quoted one, in straight or typographic quotes', () => {
    const [straight] = readTemplates(
      "Each task's content looks like 'GL-{iid} / {title}', and don't add a due date.",
      issue,
    );
    expect(straight?.template).toBe('GL-{iid} / {title}');
    const [curly] = readTemplates(
      'Name every card like ‘{title} (opened by {author})’ please.',
      issue,
    );
    expect(curly?.template).toBe('{title} (opened by {author.username})');
  });

  it('fills the field the words before it name', () => {
    const planned = plan(
      "Every GitLab issue of project 4410 gets a Todoist task whose content is like '[{state}] {title}'. The author's name isn't wanted.",
      'gitlab',
      'todoist',
    );
    expect(planned.destination?.rules).toContainEqual(
      expect.objectContaining({ to: 'content', template: '[{state}] {title}' }),
    );
  });

  it('is not opened by an apostrophe inside a word', () => {
    const found = readTemplates(
      "The issue's {title} isn't a template, and the author's {state} doesn't close one either.",
      issue,
    );
    expect(found.map((t) => t.written)).not.toContainEqual(expect.stringMatching(/^s |^t /));
  });
});

describe('a template after "as:" or "like this:", unquoted', () => {
  it.each([
    [
      'Send each new GitHub issue of acme/app to Slack #eng as: Opened #<number> - <title>',
      'Opened #{number} - {title}',
    ],
    [
      'Send each new GitHub issue of acme/app to Slack #eng like this: (<number>) <title>',
      '({number}) {title}',
    ],
  ])('%s', (prompt, template) => {
    expect(plan(prompt, 'github', 'slack').destination?.message?.template).toBe(template);
  });
});
