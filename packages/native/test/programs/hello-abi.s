@ A hand-written program for the micro:bit runtime's binary interface
@ (packages/native/docs/firmware-interface.md), used to prove the linker.
@ Thumb-1 only, so one object serves both V1 (Cortex-M0) and V2.
@
@ It writes a greeting and 3 + 4 (computed by the runtime's number operations) to serial,
@ plots three LEDs, counts in a forever loop kept in a global, and answers button A.
@ Runtime entries are called by their C++ names; the linker resolves them.

    .syntax unified
    .cpu cortex-m0
    .thumb
    .text

@ The code starts with the main program as a RefAction literal: the runtime runs it.
main_action:
    .word "pxt::RefAction_vtable"   @ vtable of a function object
    .short 0, 0                      @ no captured variables; (arity unused here)
    .word main + 1                   @ Thumb entry point

tick_action:
    .word "pxt::RefAction_vtable"
    .short 0, 0
    .word tick + 1

button_action:
    .word "pxt::RefAction_vtable"
    .short 0, 0
    .word on_button_a + 1

@ Every runtime call that may allocate, wait or collect garbage first records the stack top
@ in the thread context (r6 + 4), so the collector scans exactly the live part of the stack.
    .macro SAFEPOINT
    mov r7, sp
    str r7, [r6, #4]
    .endm

main:
    push {lr}
    ldr r0, =greeting
    SAFEPOINT
    bl "serial::writeString"          @ (String) -> void

    movs r0, #7                       @ tagged 3: (3 << 1) | 1
    movs r1, #9                       @ tagged 4
    SAFEPOINT
    bl "numops::adds"                 @ (TValue, TValue) -> TValue: tagged 7
    SAFEPOINT
    bl "numops::toString"             @ (TValue) -> String
    SAFEPOINT
    bl "serial::writeString"
    ldr r0, =newline
    SAFEPOINT
    bl "serial::writeString"

    movs r0, #0                       @ led.plot(0, 0): raw ints (format I)
    movs r1, #0
    SAFEPOINT
    bl "led::plot"
    movs r0, #4
    movs r1, #4
    SAFEPOINT
    bl "led::plot"
    movs r0, #2
    movs r1, #2
    SAFEPOINT
    bl "led::plot"

    ldr r7, [r6, #0]                  @ globals
    movs r0, #1                       @ tagged 0
    str r0, [r7, #4]                  @ global slot 1 = 0

    movs r0, #1                       @ Button.A is 1 (MICROBIT_ID_BUTTON_A)
    ldr r1, =button_action
    SAFEPOINT
    bl "input::onButtonPressed"       @ (int, Action) -> void

    ldr r0, =tick_action
    SAFEPOINT
    bl "basic::forever"               @ (Action) -> void: runs it again and again
    movs r0, #0                       @ an action returns a value: undefined
    pop {pc}

tick:
    push {lr}
    ldr r7, [r6, #0]
    ldr r0, [r7, #4]
    adds r0, r0, #2                   @ tagged + 1 (no overflow check needed for a test)
    str r0, [r7, #4]
    ldr r0, =tick_text
    SAFEPOINT
    bl "serial::writeString"
    ldr r7, [r6, #0]
    ldr r0, [r7, #4]
    SAFEPOINT
    bl "numops::toString"
    SAFEPOINT
    bl "serial::writeString"
    ldr r0, =newline
    SAFEPOINT
    bl "serial::writeString"
    movs r0, #100
    SAFEPOINT
    bl "basic::pause"                 @ (int ms): this fiber sleeps
    movs r0, #0
    pop {pc}

on_button_a:
    push {lr}
    ldr r0, =pressed_text
    SAFEPOINT
    bl "serial::writeString"
    movs r0, #0
    pop {pc}

@ How C++ runs an action (the header's lambda trampoline): r0 = the action, r1-r3 = up to three
@ arguments. It saves the callee-saved registers, puts the arguments and the action on the stack,
@ makes a thread context whose scanned stack ends above them, calls the action's code with r5 =
@ the action, r4 = the argument count and the arguments on the stack, then releases the context.
    .balign 2
lambda_trampoline:
    push {r4, r5, r6, r7, lr}
    mov r4, r8
    mov r5, r9
    mov r6, r10
    mov r7, r11
    push {r4, r5, r6, r7}
    mov r4, r1
    mov r5, r2
    mov r6, r3
    mov r7, r0
    mov r0, sp                        @ stack bottom for the collector
    push {r4, r5, r6, r7}             @ arg0, arg1, arg2, action
    mov r1, sp
    bl "pxt::pushThreadContext"       @ (bottom, top) -> ThreadContext*
    mov r6, r0
    mov r5, r7
    mov r0, r7
    ldr r1, [r7, #8]                  @ the action's code
    movs r4, #3
    blx r1
    mov r7, r0                        @ keep the result
    add sp, #16
    mov r0, r6
    bl "pxt::popThreadContext"
    mov r0, r7
    pop {r4, r5, r6, r7}
    mov r8, r4
    mov r9, r5
    mov r10, r6
    mov r11, r7
    pop {r4, r5, r6, r7, pc}

@ Resume after a throw (the header's exception restorer): r0 = the try frame, r1 = the thread
@ context. Unused by this program, present because the header must point at one.
restore_exception_state:
    mov r6, r1
    ldr r1, [r0, #8]                  @ saved sp
    mov sp, r1
    ldr r5, [r0, #12]                 @ saved action
    ldr r1, [r0, #4]                  @ saved pc
    movs r0, #1
    orrs r1, r0
    bx r1

    .ltorg

@ Data the header points at.
    .balign 4
config_data:
    .word 0                           @ no configuration entries
iface_member_names:
    .word 0                           @ no interface members
    .word 0
perf_counters:
    .word 0

@ String literals in flash: vtable, 16-bit length, the bytes (ASCII), a terminating 0.
    .balign 4
greeting:
    .word "pxt::string_inline_ascii_vt"
    .short 22
    .asciz "hello from blockyard\r\n"
    .balign 4
newline:
    .word "pxt::string_inline_ascii_vt"
    .short 2
    .asciz "\r\n"
    .balign 4
tick_text:
    .word "pxt::string_inline_ascii_vt"
    .short 5
    .asciz "tick "
    .balign 4
pressed_text:
    .word "pxt::string_inline_ascii_vt"
    .short 4
    .asciz "A!\r\n"
    .balign 4
program_name:
    .word "pxt::string_inline_ascii_vt"
    .short 9
    .asciz "hello-abi"
    .balign 4
