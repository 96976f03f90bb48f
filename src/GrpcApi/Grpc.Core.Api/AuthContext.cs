using System.Collections.Generic;
using System.Linq;
using System.Text;
using Grpc.Core.Utils;

namespace Grpc.Core;

/// <summary>The authentication state of a call: properties of the peer, some of which identify it.</summary>
public class AuthContext
{
    private readonly string? peerIdentityPropertyName;
    private readonly Dictionary<string, List<AuthProperty>> properties;

    public AuthContext(string? peerIdentityPropertyName, Dictionary<string, List<AuthProperty>> properties)
    {
        this.peerIdentityPropertyName = peerIdentityPropertyName;
        this.properties = GrpcPreconditions.CheckNotNull(properties, nameof(properties));
    }

    public bool IsPeerAuthenticated => peerIdentityPropertyName is not null;

    public string? PeerIdentityPropertyName => peerIdentityPropertyName;

    public IEnumerable<AuthProperty> PeerIdentity =>
        peerIdentityPropertyName is null ? Enumerable.Empty<AuthProperty>() : FindPropertiesByName(peerIdentityPropertyName);

    public IEnumerable<AuthProperty> Properties => properties.Values.SelectMany(values => values);

    public IEnumerable<AuthProperty> FindPropertiesByName(string propertyName) =>
        properties.TryGetValue(propertyName, out var found) ? found : Enumerable.Empty<AuthProperty>();
}

/// <summary>One property of an <see cref="AuthContext"/>: a name and a UTF-8 value.</summary>
public class AuthProperty
{
    private static readonly Encoding Utf8 = new UTF8Encoding(false);

    private readonly byte[] valueBytes;
    private string? value;

    private AuthProperty(string name, byte[] valueBytes)
    {
        Name = GrpcPreconditions.CheckNotNull(name, nameof(name));
        this.valueBytes = GrpcPreconditions.CheckNotNull(valueBytes, nameof(valueBytes));
    }

    public string Name { get; }

    public string Value => value ??= Utf8.GetString(valueBytes);

    /// <summary>A copy of the value's bytes.</summary>
    public byte[] ValueBytes => (byte[])valueBytes.Clone();

    public static AuthProperty Create(string name, byte[] valueBytes) => new(name, (byte[])GrpcPreconditions.CheckNotNull(valueBytes, nameof(valueBytes)).Clone());

    /// <summary>Takes the array without a copy: the caller hands over ownership.</summary>
    internal static AuthProperty CreateUnsafe(string name, byte[] valueBytes) => new(name, valueBytes);

    internal byte[] ValueBytesUnsafe => valueBytes;
}
