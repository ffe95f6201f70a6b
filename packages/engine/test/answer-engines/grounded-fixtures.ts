// Provider responses in each provider's documented shape, with made-up content, for the grounded
// adapters' tests. The shapes are written from the type definitions of the pinned SDKs (named
// above each) and the providers' API references; they are not recordings of live responses. The
// fields the adapters do not read (ids, usage) are kept so that the SDKs see a whole response.
import type { Reply } from './fake-engine.js';

// OpenAI Responses API with web search (openai 6.49.0's `Response`, `ResponseOutputText` and
// `ResponseOutputText.URLCitation` types): a `web_search_call` item, then a `message` item whose
// `output_text` part carries `url_citation` annotations (url, title, start_index, end_index).
export const OPENAI_TEXT =
  'Für Kaffee empfehlen sich [Rösterei Beispiel](https://roesterei.example/shop?utm_source=openai) und [Bohnen & Co](https://bohnen.example/). Mehr bei [Rösterei Beispiel](https://roesterei.example/shop?utm_source=openai).';

export function openaiAnswer(): Reply {
  const citation = (start: number, end: number, url: string, title: string) => ({ type: 'url_citation', start_index: start, end_index: end, url, title });
  return {
    json: {
      id: 'resp_67ccd2bed1ec8190b14f964abc054267',
      object: 'response',
      created_at: 1741476542,
      status: 'completed',
      error: null,
      incomplete_details: null,
      model: 'gpt-4.1-2025-04-14',
      output: [
        { type: 'web_search_call', id: 'ws_67ccd2bf8aa081909a8c4f1e5f3f4e44', status: 'completed', action: { type: 'search', query: 'Kaffee Online-Shop' } },
        {
          type: 'message',
          id: 'msg_67ccd2c0c3c08190a7d1f5ec1ef8e0fe',
          status: 'completed',
          role: 'assistant',
          content: [
            {
              type: 'output_text',
              text: OPENAI_TEXT,
              annotations: [
                citation(26, 95, 'https://roesterei.example/shop?utm_source=openai', 'Rösterei Beispiel – Shop'),
                citation(100, 138, 'https://bohnen.example/', 'Bohnen & Co'),
                citation(149, 218, 'https://roesterei.example/shop?utm_source=openai', 'Rösterei Beispiel – Shop'),
              ],
            },
          ],
        },
      ],
      tools: [{ type: 'web_search' }],
      usage: { input_tokens: 328, output_tokens: 356, total_tokens: 684 },
    },
  };
}

export function openaiRefusal(): Reply {
  return {
    json: {
      id: 'resp_refused',
      object: 'response',
      status: 'completed',
      output: [{ type: 'message', id: 'msg_r', status: 'completed', role: 'assistant', content: [{ type: 'refusal', refusal: 'I can’t help with that.' }] }],
    },
  };
}

// Perplexity Sonar chat completions (@perplexity-ai/perplexity_ai 0.38.5's `CompletionResponseOutput`
// and `ApiPublicSearchResultOutput` types): `citations` (URLs), `search_results` ({title, url,
// date}), and a chat-completions `choices` list whose content cites with `[n]` markers.
export const PERPLEXITY_TEXT = 'Die Rösterei Beispiel röstet selbst [1]. Bohnen & Co liefert bundesweit [2][3]. Siehe auch [9].';

export function perplexityAnswer(): Reply {
  return {
    json: {
      id: '3c90c3cc-0d44-4b50-8888-8dd25736052a',
      model: 'sonar',
      created: 1724369245,
      usage: { prompt_tokens: 14, completion_tokens: 70, total_tokens: 84, search_context_size: 'low' },
      object: 'chat.completion',
      // The second entry is not an http(s) URL: it is dropped, and `[2]` cites nothing.
      citations: ['https://roesterei.example/ueber-uns', 'ftp://files.example/beans.txt', 'https://bohnen.example/versand'],
      search_results: [
        { title: 'Über uns – Rösterei Beispiel', url: 'https://roesterei.example/ueber-uns', date: '2025-03-01' },
        { title: 'Versand | Bohnen & Co', url: 'https://bohnen.example/versand', date: null },
      ],
      choices: [
        {
          index: 0,
          finish_reason: 'stop',
          message: { role: 'assistant', content: PERPLEXITY_TEXT },
          delta: { role: 'assistant', content: '' },
        },
      ],
    },
  };
}

export function perplexityEmpty(): Reply {
  return {
    json: {
      id: 'empty',
      model: 'sonar',
      created: 1,
      object: 'chat.completion',
      choices: [{ index: 0, finish_reason: 'stop', message: { role: 'assistant', content: '' }, delta: {} }],
    },
  };
}

// Gemini generateContent with the googleSearch tool (@google/genai 2.32.0's `GenerateContentResponse`,
// `GroundingMetadata` and `Segment` types; the API reference's `Segment` measures in bytes):
// `groundingChunks[].web {uri, title}` (uri a grounding redirect, title the page's domain) and
// `groundingSupports[] {segment {startIndex, endIndex, text}, groundingChunkIndices}`, the indices
// in UTF-8 bytes (here ☕ and 🫘 make bytes and UTF-16 offsets differ; a 0 start is left out, as
// proto3 does).
export const GEMINI_TEXT = 'Kaffee ☕ gibt es bei der Rösterei Beispiel. Bohnen 🫘 liefert Bohnen & Co.';

export function geminiAnswer(redirectBase: string): Reply {
  return {
    json: {
      candidates: [
        {
          content: { parts: [{ text: GEMINI_TEXT }], role: 'model' },
          finishReason: 'STOP',
          groundingMetadata: {
            webSearchQueries: ['Kaffee online kaufen'],
            searchEntryPoint: { renderedContent: '<style>.container{}</style><div class="container">…</div>' },
            groundingChunks: [
              { web: { uri: `${redirectBase}/grounding-api-redirect/AUZIYQH-roesterei`, title: 'roesterei.example' } },
              { web: { uri: `${redirectBase}/grounding-api-redirect/AUZIYQH-expired`, title: 'bohnen.example' } },
              { web: { uri: 'https://kaffee-lexikon.example/bohnen', title: 'kaffee-lexikon.example' } },
            ],
            groundingSupports: [
              { segment: { endIndex: 46, text: 'Kaffee ☕ gibt es bei der Rösterei Beispiel.' }, groundingChunkIndices: [0], confidenceScores: [0.97] },
              {
                segment: { startIndex: 47, endIndex: 79, text: 'Bohnen 🫘 liefert Bohnen & Co.' },
                groundingChunkIndices: [1, 2],
                confidenceScores: [0.9, 0.6],
              },
            ],
          },
        },
      ],
      usageMetadata: { promptTokenCount: 12, candidatesTokenCount: 30, totalTokenCount: 42 },
      modelVersion: 'gemini-2.5-flash',
    },
  };
}

export function geminiBlocked(): Reply {
  return {
    json: { promptFeedback: { blockReason: 'SAFETY' }, usageMetadata: { promptTokenCount: 12, totalTokenCount: 12 }, modelVersion: 'gemini-2.5-flash' },
  };
}

// Claude Messages with the web search server tool (@anthropic-ai/sdk 1.13.0's `Message`, `TextBlock`,
// `WebSearchToolResultBlock` and `CitationsWebSearchResultLocation` types): a `server_tool_use` block, a
// `web_search_tool_result` block listing what was found, and `text` blocks, the cited ones with
// `citations` of type `web_search_result_location` (url, title, cited_text, encrypted_index).
export const ANTHROPIC_TEXT = 'Ich suche nach Kaffeeröstern. Gute Adressen sind Rösterei Beispiel und Bohnen & Co.';

export function anthropicAnswer(): Reply {
  const cite = (url: string, title: string | null, cited: string) => ({
    type: 'web_search_result_location',
    url,
    title,
    encrypted_index: 'Eo8BCioIAhgBIiQyYjQ0OWJmZi1lNm',
    cited_text: cited,
  });
  return {
    json: {
      id: 'msg_01G5ZbTKZ6Hxc1p2Fa8wQ7Np',
      type: 'message',
      role: 'assistant',
      model: 'claude-sonnet-4-5',
      content: [
        { type: 'text', text: 'Ich suche nach Kaffeeröstern. ' },
        { type: 'server_tool_use', id: 'srvtoolu_01WYG3ziw53XMcoyKL4XcZmE', name: 'web_search', input: { query: 'Kaffeerösterei Online-Shop' } },
        {
          type: 'web_search_tool_result',
          tool_use_id: 'srvtoolu_01WYG3ziw53XMcoyKL4XcZmE',
          content: [
            {
              type: 'web_search_result',
              url: 'https://roesterei.example/',
              title: 'Rösterei Beispiel',
              encrypted_content: 'EqgfCioIARgB',
              page_age: 'April 30, 2025',
            },
            { type: 'web_search_result', url: 'https://uncited.example/', title: 'Not cited', encrypted_content: 'EqgfCioIARgC', page_age: null },
          ],
        },
        { type: 'text', text: 'Gute Adressen sind ' },
        { type: 'text', text: 'Rösterei Beispiel', citations: [cite('https://roesterei.example/', 'Rösterei Beispiel', 'Wir rösten seit 1998.')] },
        { type: 'text', text: ' und ' },
        {
          type: 'text',
          text: 'Bohnen & Co',
          citations: [
            cite('https://bohnen.example/', null, 'Versand in ganz Deutschland.'),
            cite('https://roesterei.example/', 'Rösterei Beispiel', 'Partner: Bohnen & Co.'),
          ],
        },
        { type: 'text', text: '.' },
      ],
      stop_reason: 'end_turn',
      stop_sequence: null,
      usage: { input_tokens: 6039, output_tokens: 931, server_tool_use: { web_search_requests: 1 } },
    },
  };
}

export function anthropicRefusal(): Reply {
  return {
    json: {
      id: 'msg_refused',
      type: 'message',
      role: 'assistant',
      model: 'claude-sonnet-4-5',
      content: [],
      stop_reason: 'refusal',
      stop_sequence: null,
      usage: { input_tokens: 10, output_tokens: 0 },
    },
  };
}
