using System.Reflection.Emit;
using System.Reflection.Metadata;
using System.Reflection.Metadata.Ecma335;

namespace GrpcBench.PackageMix.Tests.Metadata;

/// <summary>
/// Whether the consumer's IL uses a field reference as static or instance field: unlike a method's, a
/// field's signature does not say, only the opcode (ldsfld or ldfld) does.
/// </summary>
public static class FieldAccess
{
    private static readonly Dictionary<ushort, OperandType> OperandTypes = typeof(OpCodes)
        .GetFields()
        .Select(field => (OpCode)field.GetValue(null)!)
        .ToDictionary(opCode => (ushort)opCode.Value, opCode => opCode.OperandType);

    private static readonly HashSet<ILOpCode> StaticAccess = [ILOpCode.Ldsfld, ILOpCode.Ldsflda, ILOpCode.Stsfld];
    private static readonly HashSet<ILOpCode> InstanceAccess = [ILOpCode.Ldfld, ILOpCode.Ldflda, ILOpCode.Stfld];

    /// <summary>Field references the IL loads or stores, each with true for static access.</summary>
    public static IReadOnlyDictionary<MemberReferenceHandle, bool> StaticnessOfReferences(MetadataFile file)
    {
        var found = new Dictionary<MemberReferenceHandle, bool>();
        foreach (var methodHandle in file.Reader.MethodDefinitions)
        {
            var rva = file.Reader.GetMethodDefinition(methodHandle).RelativeVirtualAddress;
            if (rva == 0)
            {
                continue;
            }

            var il = file.PE.GetMethodBody(rva).GetILReader();
            while (il.RemainingBytes > 0)
            {
                var opCode = (ILOpCode)il.ReadByte();
                if ((int)opCode == 0xFE)
                {
                    opCode = (ILOpCode)(0xFE00 | il.ReadByte());
                }

                if (StaticAccess.Contains(opCode) || InstanceAccess.Contains(opCode))
                {
                    var token = MetadataTokens.EntityHandle(il.ReadInt32());
                    if (token.Kind == HandleKind.MemberReference)
                    {
                        found[(MemberReferenceHandle)token] = StaticAccess.Contains(opCode);
                    }

                    continue;
                }

                SkipOperand(ref il, OperandTypes.GetValueOrDefault((ushort)opCode, OperandType.InlineNone));
            }
        }

        return found;
    }

    private static void SkipOperand(ref BlobReader il, OperandType operand)
    {
        switch (operand)
        {
            case OperandType.InlineNone:
                break;
            case OperandType.ShortInlineBrTarget or OperandType.ShortInlineI or OperandType.ShortInlineVar:
                il.Offset += 1;
                break;
            case OperandType.InlineVar:
                il.Offset += 2;
                break;
            case OperandType.InlineI8 or OperandType.InlineR:
                il.Offset += 8;
                break;
            case OperandType.InlineSwitch:
                il.Offset += 4 * il.ReadInt32();
                break;
            default:
                il.Offset += 4;
                break;
        }
    }
}
