/** Each character code's value as a lowercase hex digit; 255 for any other code below 256. */
export const LOWER_HEX = new Uint8Array(256).fill(255);
for (let d = 0; d < 10; d++) LOWER_HEX[0x30 + d] = d;
for (let d = 0; d < 6; d++) LOWER_HEX[0x61 + d] = 10 + d;
