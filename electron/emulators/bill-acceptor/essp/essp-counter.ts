/**
 * eCOUNT as real units keep it (docs/protocols/essp-device-model.md#ecount): 0 after power-up and after
 * every successful key exchange; an encrypted command is accepted only when its count equals the unit's;
 * accepting it steps the count once, and the reply carries the stepped value. Sending the reply does not
 * step it again, so the host's next command carries the count of the reply it last received.
 *
 * GA138 words it as "incremented each time a packet is encrypted and sent, and each time a packet is received
 * and decrypted", which read literally moves the count twice per exchange on each side; the hosts that run on
 * real units (ITL's own C host, kybarg/ssp) move it once per command/reply pair and check that the reply
 * carries their command's count plus one.
 */
export class EsspCounter {
  #value = 0;

  /** The count the next encrypted command must carry. */
  get expected(): number {
    return this.#value;
  }

  /** True (and the count steps) when the command's count is the expected one; false leaves it unchanged. */
  accept(count: number): boolean {
    if (count >>> 0 !== this.#value) return false;
    this.#value = (this.#value + 1) >>> 0;
    return true;
  }

  /** The count a reply to the command just accepted carries. */
  get replyCount(): number {
    return this.#value;
  }

  reset(): void {
    this.#value = 0;
  }
}
