#include "textflag.h"

// func addRowAVX2(acc, w *int16, n int)
TEXT ·addRowAVX2(SB), NOSPLIT, $0-24
	MOVQ acc+0(FP), DI
	MOVQ w+8(FP), SI
	MOVQ n+16(FP), CX
	SHRQ $4, CX
	JZ   addDone
addLoop:
	VMOVDQU (DI), Y0
	VPADDW  (SI), Y0, Y0
	VMOVDQU Y0, (DI)
	ADDQ    $32, DI
	ADDQ    $32, SI
	DECQ    CX
	JNZ     addLoop
addDone:
	VZEROUPPER
	RET

// func subRowAVX2(acc, w *int16, n int)
TEXT ·subRowAVX2(SB), NOSPLIT, $0-24
	MOVQ acc+0(FP), DI
	MOVQ w+8(FP), SI
	MOVQ n+16(FP), CX
	SHRQ $4, CX
	JZ   subDone
subLoop:
	VMOVDQU (DI), Y0
	VPSUBW  (SI), Y0, Y0
	VMOVDQU Y0, (DI)
	ADDQ    $32, DI
	ADDQ    $32, SI
	DECQ    CX
	JNZ     subLoop
subDone:
	VZEROUPPER
	RET

// func dotClampAVX2(acc, w *int16, n, q int) int32
TEXT ·dotClampAVX2(SB), NOSPLIT, $0-36
	MOVQ acc+0(FP), DI
	MOVQ w+8(FP), SI
	MOVQ n+16(FP), CX
	MOVQ q+24(FP), AX
	VMOVD        AX, X1
	VPBROADCASTW X1, Y1
	VPXOR        Y2, Y2, Y2
	VPXOR        Y3, Y3, Y3
	SHRQ         $4, CX
	JZ           dotSum
dotLoop:
	VMOVDQU  (DI), Y0
	VPMAXSW  Y2, Y0, Y0
	VPMINSW  Y1, Y0, Y0
	VPMADDWD (SI), Y0, Y0
	VPADDD   Y0, Y3, Y3
	ADDQ     $32, DI
	ADDQ     $32, SI
	DECQ     CX
	JNZ      dotLoop
dotSum:
	VEXTRACTI128 $1, Y3, X0
	VPADDD       X0, X3, X3
	VPSHUFD      $0x4E, X3, X0
	VPADDD       X0, X3, X3
	VPSHUFD      $0xB1, X3, X0
	VPADDD       X0, X3, X3
	VMOVD        X3, AX
	MOVL         AX, ret+32(FP)
	VZEROUPPER
	RET

// func dotSquaredAVX2(acc, w *int16, n, q int) int32
TEXT ·dotSquaredAVX2(SB), NOSPLIT, $0-36
	MOVQ acc+0(FP), DI
	MOVQ w+8(FP), SI
	MOVQ n+16(FP), CX
	MOVQ q+24(FP), AX
	VMOVD        AX, X1
	VPBROADCASTW X1, Y1
	VPXOR        Y2, Y2, Y2
	VPXOR        Y3, Y3, Y3
	SHRQ         $4, CX
	JZ           sqSum
sqLoop:
	VMOVDQU  (DI), Y0
	VPMAXSW  Y2, Y0, Y0
	VPMINSW  Y1, Y0, Y0
	VPMULLW  (SI), Y0, Y4
	VPMADDWD Y0, Y4, Y4
	VPADDD   Y4, Y3, Y3
	ADDQ     $32, DI
	ADDQ     $32, SI
	DECQ     CX
	JNZ      sqLoop
sqSum:
	VEXTRACTI128 $1, Y3, X0
	VPADDD       X0, X3, X3
	VPSHUFD      $0x4E, X3, X0
	VPADDD       X0, X3, X3
	VPSHUFD      $0xB1, X3, X0
	VPADDD       X0, X3, X3
	VMOVD        X3, AX
	MOVL         AX, ret+32(FP)
	VZEROUPPER
	RET

// func addFloatsAVX2(dst, src *float64, n int)
TEXT ·addFloatsAVX2(SB), NOSPLIT, $0-24
	MOVQ dst+0(FP), DI
	MOVQ src+8(FP), SI
	MOVQ n+16(FP), CX
	SHRQ $4, CX
	JZ   floatsDone
floatsLoop:
	VMOVUPD (DI), Y0
	VMOVUPD 32(DI), Y1
	VMOVUPD 64(DI), Y2
	VMOVUPD 96(DI), Y3
	VADDPD  (SI), Y0, Y0
	VADDPD  32(SI), Y1, Y1
	VADDPD  64(SI), Y2, Y2
	VADDPD  96(SI), Y3, Y3
	VMOVUPD Y0, (DI)
	VMOVUPD Y1, 32(DI)
	VMOVUPD Y2, 64(DI)
	VMOVUPD Y3, 96(DI)
	ADDQ    $128, DI
	ADDQ    $128, SI
	DECQ    CX
	JNZ     floatsLoop
floatsDone:
	VZEROUPPER
	RET
