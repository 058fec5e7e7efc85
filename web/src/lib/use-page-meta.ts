import { useEffect } from 'react';

// Each page names itself in the tab and in search results. index.html carries the site-wide
// title and description (all a crawler without JavaScript sees); a page replaces them while
// it is shown and puts them back when it goes, so a page without the hook never inherits
// another page's title.

interface PageMeta {
  title: string;
  description: string;
}

function descriptionTag(): HTMLMetaElement {
  let tag = document.head.querySelector<HTMLMetaElement>('meta[name="description"]');
  if (!tag) {
    tag = document.createElement('meta');
    tag.name = 'description';
    document.head.append(tag);
  }
  return tag;
}

export function usePageMeta({ title, description }: PageMeta): void {
  useEffect(() => {
    const tag = descriptionTag();
    const previous = { title: document.title, description: tag.content };
    document.title = title;
    tag.content = description;
    return () => {
      document.title = previous.title;
      tag.content = previous.description;
    };
  }, [title, description]);
}
