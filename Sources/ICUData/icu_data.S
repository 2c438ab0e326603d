// ICU's data, trimmed by scripts/icu-trim, for the installed binary: defining ICU's
// data symbol here, among the program's own objects, keeps the linker from taking the 34 MB
// member of the toolchain's lib_FoundationICU.a. Without NOTIFIER_ICU_DATA (every build but
// scripts/install-binary's) this file is empty and the toolchain's data is linked as usual.
#if defined(NOTIFIER_ICU_DATA) && defined(NOTIFIER_ICU_SYMBOL)
	.section .rodata
	.globl NOTIFIER_ICU_SYMBOL
	.type NOTIFIER_ICU_SYMBOL, @object
	.balign 16
NOTIFIER_ICU_SYMBOL:
	.incbin NOTIFIER_ICU_DATA
	.size NOTIFIER_ICU_SYMBOL, . - NOTIFIER_ICU_SYMBOL
#endif
	.section .note.GNU-stack, "", @progbits
