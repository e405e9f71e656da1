/**
 * One serialisation per event for every subscriber that shares its result.
 * `subscribeShared` hands every subscriber of one shape the same result
 * object; graphql-ws would still JSON-encode it once per subscriber, since
 * each message carries that subscriber's own id. Here the result is encoded
 * once (kept beside the object, for as long as it lives) and graphql-ws
 * encodes only the small envelope, `{"id":…,"type":"next","payload":0}`,
 * into which the socket's send splices the shared text.
 *
 * graphql-ws encodes a message and passes it to the socket's send in the same
 * synchronous step (`socket.send(stringifyMessage(…))`), so the text the
 * replacer set aside always belongs to the very next send.
 */
import type { ExecutionResult } from 'graphql';

/** What onNext hands graphql-ws in place of a result: an object (it validates one), encoded as a stand-in. */
class Encoded {
  constructor(readonly json: string) {}
}

const STAND_IN = 0;
/** How every encoded envelope ends: graphql-ws writes `payload` last. */
const SUFFIX = `,"payload":${STAND_IN}}`;
const TAIL = `${STAND_IN}}`;

/** The three hooks that share encodings: graphql-ws's onNext and jsonMessageReplacer, and the socket's send. */
export class SharedPayloads {
  readonly #encoded = new WeakMap<object, string>();
  #pending: string | undefined;

  /** graphql-ws `onNext`: the result, encoded once however many subscribers send it. */
  readonly onNext = (result: ExecutionResult): Encoded => new Encoded(this.encode(result));

  /** The result as JSON, as graphql-ws would write it as a payload, encoded once however many subscribers send it. */
  encode(result: ExecutionResult): string {
    let json = this.#encoded.get(result);
    if (json === undefined) {
      // As graphql-ws would send it: GraphQLErrors through their toJSON, an absent `errors` left out.
      json = JSON.stringify(result);
      this.#encoded.set(result, json);
    }
    return json;
  }

  /**
   * A whole graphql-ws `next` message of subscription `id` carrying `result`,
   * as graphql-ws encodes it (`id`, `type`, `payload`, in that order), for a
   * sender that writes to the socket itself (see subscribe-shared.ts).
   */
  nextMessage(id: string, result: ExecutionResult): string {
    return `{"id":${JSON.stringify(id)},"type":"next","payload":${this.encode(result)}}`;
  }

  /** graphql-ws `jsonMessageReplacer`: sets the encoded payload aside and writes the stand-in instead. */
  readonly replacer = (key: string, value: unknown): unknown => {
    if (key === '') this.#pending = undefined;
    if (key === 'payload' && value instanceof Encoded) {
      this.#pending = value.json;
      return STAND_IN;
    }
    return value;
  };

  /** The message text to write: the envelope graphql-ws just encoded, with the shared payload spliced in. */
  expand(data: string): string {
    const json = this.#pending;
    if (json === undefined) return data;
    this.#pending = undefined;
    return data.endsWith(SUFFIX) ? `${data.slice(0, -TAIL.length)}${json}}` : data;
  }
}
