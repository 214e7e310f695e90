// The two routines Blockyard runs on the board's own processor while flashing over USB, in
// Thumb-1 assembly (they run on the V1's Cortex-M0 and the V2's Cortex-M4 alike). The debugger
// loads them into RAM, sets the registers, lets the core run and waits for it to stop at the
// breakpoint `lr` points to. flash-helpers.generated.ts holds the assembled words; a test
// assembles this text with @blockyard/native's assembler and checks they are the same.
//
// - write_page(r0 page address, r1 RAM source, r2 words): erases the page, writes the words
//   (skipping 0xFFFFFFFF, which an erased page already holds) and returns 0 in r0.
// - hash_pages(r0 results, r1 first page, r2 page size in bytes, r3 pages): two 32-bit hashes
//   per page (page-hash.ts computes the same on the host) stored as pairs at r0.
//
// Both talk to the nRF's NVMC (0x4001E000): CONFIG at +0x504 (0 read, 1 write, 2 erase),
// ERASEPAGE at +0x508, READY at +0x400, the same on the nRF51 and the nRF52.

export const FLASH_HELPERS_SOURCE = `
    .syntax unified
    .cpu cortex-m0
    .thumb
    .text

@ lr points here: the core stops and the debugger takes over.
stop:
    bkpt #0
    bkpt #0

    .thumb_func
write_page:
    push {r4-r7, lr}
    ldr r4, =0x4001E000
    ldr r5, =0x504
    ldr r6, =0x400
    movs r7, #2
    str r7, [r4, r5]
    bl wait_ready
    adds r5, r5, #4
    str r0, [r4, r5]
    subs r5, r5, #4
    bl wait_ready
    movs r7, #1
    str r7, [r4, r5]
    bl wait_ready
    cmp r2, #0
    beq write_done
write_word:
    ldr r7, [r1]
    adds r3, r7, #1
    beq write_next
    str r7, [r0]
    bl wait_ready
write_next:
    adds r0, r0, #4
    adds r1, r1, #4
    subs r2, r2, #1
    bne write_word
write_done:
    movs r7, #0
    str r7, [r4, r5]
    bl wait_ready
    movs r0, #0
    pop {r4-r7, pc}

wait_ready:
    ldr r3, [r4, r6]
    cmp r3, #0
    beq wait_ready
    bx lr

    .thumb_func
hash_pages:
    push {r4-r7, lr}
    mov r4, r8
    mov r5, r9
    mov r6, r10
    push {r4-r6}
    mov r8, r0
    mov r9, r3
    mov r10, r2
    ldr r6, =0x01000193
    ldr r7, =0x85EBCA6B
hash_page:
    mov r3, r9
    cmp r3, #0
    beq hash_done
    mov r2, r10
    adds r2, r1, r2
    ldr r4, =0x811C9DC5
    ldr r5, =0x9E3779B9
hash_word:
    ldr r0, [r1]
    adds r1, r1, #4
    eors r4, r0
    muls r4, r6, r4
    adds r5, r5, r0
    muls r5, r7, r5
    lsrs r3, r5, #15
    eors r5, r3
    cmp r1, r2
    bne hash_word
    mov r0, r8
    str r4, [r0]
    str r5, [r0, #4]
    adds r0, r0, #8
    mov r8, r0
    mov r3, r9
    subs r3, r3, #1
    mov r9, r3
    b hash_page
hash_done:
    pop {r4-r6}
    mov r8, r4
    mov r9, r5
    mov r10, r6
    movs r0, #0
    pop {r4-r7, pc}
    .ltorg
`;
