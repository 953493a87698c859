/**
 * Announcement content is rich text from the browser's editor: sanitised here, on the server, before it is stored
 * (sanitize-html with a small allow-list), so every reader (home, My Profile, the list) may show it as HTML.
 */
import sanitizeHtml from 'sanitize-html';

const options: sanitizeHtml.IOptions = {
  allowedTags: ['p', 'br', 'b', 'strong', 'i', 'em', 'u', 's', 'ul', 'ol', 'li', 'h2', 'h3', 'blockquote', 'a', 'span'],
  allowedAttributes: { a: ['href', 'target', 'rel'] },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowProtocolRelative: false,
  transformTags: {
    // Every link opens in a new tab without handing the opener over.
    a: sanitizeHtml.simpleTransform('a', { target: '_blank', rel: 'noopener noreferrer' }),
  },
};

export const sanitizeContent = (html: string): string => sanitizeHtml(html, options).trim();
